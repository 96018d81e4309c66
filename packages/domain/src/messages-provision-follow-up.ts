// The follow-up page's own texts (spec 3 §2 "Follow-up", §8; issue 17): part of the one catalogue, in a module of its
// own so the parallel provision screens do not edit the same lines. The server's answers (Confirmada, liberadas, the
// folio messages) are in messages-financing.ts.

export const PROVISION_FOLLOW_UP_MESSAGES = {
  // Spec 3 §8 (verbatim): the XLSX download.
  downloadComplete: 'Descarga completa',
  // Ours: the confirmations the spec lists as dialogs without wording them.
  confirmRelease: '¿Seguro que desea liberar las unidades sin enviarlas a CRM?',
  confirmRedo: '¿Seguro que desea generar nuevamente el documento de firma?',
  confirmGenerate: '¿Desea generar los documentos de firma de la disposición?',
  confirmSendToSign: '¿Seguro que desea enviar los documentos a firma?',
  // Ours: the timeline.
  timelineEmpty: 'Sin movimientos registrados',
  timelineSystem: 'Sistema',
} as const;

/**
 * Ours (issue 26 item 3, decision 054): a closed provision's balances are the ones at Confirmar; the caption says so,
 * with when ('dd/MM/yyyy HH:mm', Mexico City).
 */
export const balancesAtConfirmation = (when: string) => `Saldos al confirmar la disposición, ${when}`;
/** Ours: a closed provision without that snapshot (rejected before Confirmar, or confirmed before it was kept). */
export const BALANCES_NOT_RECORDED = 'Disposición cerrada: no hay saldos registrados al confirmarla';

/** Ours: Rechazar's confirmation names the provision. */
export const confirmRejectProvision = (folio: string) => `¿Seguro que desea rechazar la disposición ${folio}?`;
/** Ours: the units-in-review counter at status 3 (spec 3 §4 "the units-in-review counter"). */
export const unitsInReviewLabel = (count: number) => `Unidades en revisión: ${count}`;

/**
 * Ours: what each line of the timeline says happened (the machine's actions of provision-machine.ts, the creation,
 * and a unit's validation). Unknown actions show their code.
 */
export const PROVISION_TIMELINE_ACTIONS: Readonly<Record<string, string>> = {
  create: 'Disposición creada',
  createAndSend: 'Disposición creada y enviada a validar',
  edit: 'Disposición editada',
  send: 'Enviada a validar',
  validationComplete: 'Validación de unidades terminada',
  reviewUnits: 'Revisión de unidades del administrador',
  confirm: 'Confirmada',
  reject: 'Rechazada',
  generateDocuments: 'Documentos de firma generados',
  redoDocument: 'Documento generado nuevamente',
  sendToSign: 'Enviada a firma',
  signingStarted: 'Proceso de firma iniciado',
  signingCompleted: 'Documentos firmados',
  release: 'Unidades liberadas sin enviar a CRM',
  sendToCrm: 'Unidades enviadas a CRM',
  updateFolio: 'Folio manual actualizado',
  expire: 'Cancelada por vencimiento',
  validation: 'Validación de unidad',
};

/** Ours: a unit validation's line ('REPUVE · VIN 3N1…: válida'). */
export const timelineValidation = (check: string, vin: string, valid: boolean | null | undefined) =>
  `${check} · VIN ${vin}: ${valid === true ? 'válida' : valid === false ? 'no válida' : 'sin resultado'}`;
