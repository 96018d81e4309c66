// The messages of the financed-units register, the sold-out-of-trust control and the portfolio (issue 29): part of
// the one catalogue, in a module of its own so the sign-in page, which loads MESSAGES, does not ship them. One module
// for the register's server, its screens and its rules (decision 080 folded the three that grew apart), each text
// once. The issue words the pre-check's reason ('Tienes [n] unidades vendidas sin liquidar') and the statuses; the
// rest is ours, in the spec's voice.
import type { FinancedUnitEventKind } from './contracts/financed-units';

/** Said twice: the SOT status's name and the history's entry when a unit falls into it. */
const SOLD_OUT_OF_TRUST = 'Vencida sin liquidar';

export const FINANCED_UNIT_MESSAGES = {
  // The unit's statuses (issue 29 §2), by FINANCED_UNIT_STATUS code.
  statusCurrent: 'Vigente',
  statusSold: 'Vendida (por liquidar)',
  statusPaid: 'Liquidada',
  statusSoldOutOfTrust: SOLD_OUT_OF_TRUST,

  // The register's history (a unit's detail): what each entry says happened, and who when no user did.
  eventKinds: {
    released: 'Unidad liberada',
    creditAssigned: 'Crédito asignado en CRM',
    sold: 'Venta reportada',
    paid: 'Unidad liquidada',
    audited: 'Unidad auditada',
    soldOutOfTrust: SOLD_OUT_OF_TRUST,
  } satisfies Record<FinancedUnitEventKind, string>,
  systemActor: 'Sistema',
  historyEmpty: 'La unidad no tiene movimientos',

  // Reportar venta (types 4, 5): the dialog, its answer and its refusals (ours).
  reportSale: 'Reportar venta',
  reportSaleConfirm: (vin: string) => `¿Seguro que desea reportar la venta de la unidad con vin:${vin}?`,
  saleDateLabel: 'Fecha de venta',
  saleEvidenceLabel: 'Evidencia de venta (opcional)',
  saleEvidenceOpen: 'Ver evidencia',
  saleReported: (vin: string) => `La venta de la unidad con vin:${vin} fue reportada`,
  evidenceNotYours: 'La evidencia de venta no es un archivo que usted haya cargado',

  // The register's XLSX and filters.
  exportXlsx: 'Exportar XLSX',
  exportFailedTitle: 'Error',
  xlsxSheet: 'Unidades financiadas',
  xlsxName: (day: string) => `Unidades financiadas (${day.split('-').reverse().join('-')}).xlsx`,
  xlsxColumns: [
    'VIN',
    'Marca',
    'Modelo',
    'Descripción',
    'Compañía',
    'Sucursal',
    'Folio',
    'Línea de crédito',
    'N° de crédito',
    'Monto financiado',
    'Fecha de liberación',
    'Plazo (meses)',
    'Fecha de vencimiento',
    'Días en piso',
    'Estatus',
  ] as const,
  dateRangeInvalid: 'La fecha inicial no puede ser posterior a la fecha final',

  // Refusals (ours): a sale report and the machine's moves.
  unitStatusNotAllowed: 'El estatus de la unidad no permite esta acción',
  unitNotReleased: 'La unidad no ha sido liberada',
  unitAlreadySold: 'La unidad ya fue reportada como vendida',
  unitAlreadyPaid: 'La unidad ya está liquidada',
  saleDateRequired: 'La fecha de venta es obligatoria',
  saleDateInvalid: 'La fecha de venta no es válida',
  saleDateInFuture: 'La fecha de venta no puede ser posterior al día de hoy',
  saleDateBeforeRelease: 'La fecha de venta no puede ser anterior a la fecha de liberación de la unidad',
  graceNotOver: 'El periodo de gracia de la unidad aún no termina',

  // The payoff grace in /configuraciones (ours).
  graceDaysLabel: 'Días de gracia para liquidar unidades vendidas',
  graceDaysInvalid: 'Los días de gracia deben ser un número entero entre 1 y 90',

  // The pre-check (decision 056's wording for audits, said of the sold units).
  approvalPredatesSoldOutOfTrust:
    'La excepción aprobada es anterior a las unidades vendidas sin liquidar; solicita una nueva excepción para disponer',

  // Aging buckets by days floored (issue 29 §4).
  aging0To30: '0 a 30 días',
  aging31To60: '31 a 60 días',
  aging61To90: '61 a 90 días',
  aging91To120: '91 a 120 días',
  agingOver120: 'Más de 120 días',

  // Notification titles (the bodies are the functions below).
  noticeSoldTitle: 'Unidad vendida',
  noticeReminderTitle: 'Periodo de gracia por terminar',
  noticeSoldOutOfTrustTitle: 'Unidad vencida sin liquidar',
  noticeHoldLiftedTitle: 'Disposiciones reactivadas',

  // The CRM's money per credit on the register and a unit's detail (issue 29 §1; decision 080).
  balanceTitle: 'Saldo en CRM',
  balancePrincipal: 'Saldo de capital',
  balanceInterest: 'Interés devengado',
  balanceNextCurtailment: 'Próximo pago a capital',
  balancePaidTotal: 'Pagos recibidos',
  balanceAsOf: (day: string) => `Saldos del CRM al ${day}`,
  balanceNone: 'La unidad aún no tiene crédito en CRM',
  balanceUnavailable: 'Los saldos del CRM no están disponibles en este momento. Intenta más tarde',
  balanceStale: (day: string) => `Los saldos del CRM no están disponibles en este momento; se muestran los del ${day}`,
  payoffQuoteTitle: 'Cotización de liquidación',
  payoffQuoteDate: 'Fecha de liquidación',
  payoffQuoteTotal: 'Total a liquidar',
  payoffQuoteAction: 'Cotizar',
  payoffQuoteUnavailable: 'No fue posible cotizar la liquidación para esa fecha',

  // /configuraciones (ours): the register's reconciliation with the CRM, like the periodic validations.
  configurationTitle: 'Unidades financiadas',
  reconcileLabel: 'Conciliación con CRM',
} as const;

/**
 * The names the register's first halves used (its server's and its screens' texts), kept so a caller of either
 * reads the same one catalogue. New code uses FINANCED_UNIT_MESSAGES.
 * @deprecated FINANCED_UNIT_MESSAGES
 */
export const FINANCED_UNIT_REGISTER_MESSAGES = FINANCED_UNIT_MESSAGES;
/** @deprecated FINANCED_UNIT_MESSAGES */
export const FINANCED_UNIT_SCREEN_MESSAGES = FINANCED_UNIT_MESSAGES;

const units = (count: number) => (count === 1 ? '1 unidad vendida' : `${count} unidades vendidas`);

/** The pre-check's reason (issue 29 §2): 'Tienes 2 unidades vendidas sin liquidar', 'Tienes 1 unidad vendida sin liquidar'. */
export const soldOutOfTrustUnits = (count: number) => `Tienes ${units(count)} sin liquidar`;

/** At the sale report: to the dealer and the account's operator. `dueDate` as the screens show it (dd/MM/yyyy). */
export const noticeUnitSold = (vin: string, dueDate: string) =>
  `La unidad ${vin} fue reportada como vendida. Debe liquidarse a más tardar el ${dueDate}`;

/** Three business days before the grace ends (payoff-grace.ts `reminderDate`). */
export const noticeGraceEnding = (vin: string, dueDate: string) =>
  `El periodo de gracia de la unidad vendida ${vin} termina el ${dueDate}. Liquida la unidad para evitar la suspensión de disposiciones`;

/** At SOT: the company's new drawdowns are held. */
export const noticeSoldOutOfTrust = (vin: string, dueDate: string) =>
  `La unidad ${vin} no se liquidó a más tardar el ${dueDate} y está vencida sin liquidar. Las nuevas disposiciones de la compañía quedan suspendidas`;

/** When the CRM shows the payoff of the company's last SOT unit. */
export const noticeHoldLifted = (vin: string) =>
  `La unidad ${vin} fue liquidada. La compañía ya no tiene unidades vendidas sin liquidar y puede disponer`;
