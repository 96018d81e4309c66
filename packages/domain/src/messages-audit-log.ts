// The audit log's record history (issue 30 item 6): the regulator's export of one record's whole trail. Ours, in
// the spec's voice; part of the one catalogue, in a module of its own so the sign-in page does not ship it.

/** A day as the file name shows it: DD-MM-YYYY (the app's other exports name their files so). */
const fileDay = (day: string) => day.split('-').reverse().join('-');

export const AUDIT_LOG_MESSAGES = {
  unknownEntity: 'El tipo de registro no existe en la bitácora',
  badRecordId: 'El identificador del registro no es válido',
  historySheet: 'Historial',
  /** The columns of the history's XLSX, oldest row first. */
  historyColumns: [
    'Folio de bitácora',
    'Fecha y hora (Ciudad de México)',
    'Instante (UTC)',
    'Usuario',
    'Id de usuario',
    'Acción',
    'Tipo de registro',
    'Id del registro',
    'Antes',
    'Después',
    'Solicitud',
  ],
  systemActor: 'Sistema',
  historyFileName: (entity: string, id: string, day: string) => `Historial ${entity} ${id} (${fileDay(day)}).xlsx`,
} as const;
