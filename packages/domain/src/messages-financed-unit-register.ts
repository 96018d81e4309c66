// The register's screens (issue 29 items 1, 2 and 5): the history's words and the 'Reportar venta' dialog. Part of
// the one catalogue, beside FINANCED_UNIT_REGISTER_MESSAGES (the server's), in a module of its own so the two
// halves of the issue do not edit the same lines. Ours, in the spec's voice.
import type { FinancedUnitEventKind } from './contracts/financed-units';

export const FINANCED_UNIT_SCREEN_MESSAGES = {
  /** What each entry of a unit's history says happened. */
  eventKinds: {
    released: 'Unidad liberada',
    creditAssigned: 'Crédito asignado en CRM',
    sold: 'Venta reportada',
    paid: 'Unidad liquidada',
    audited: 'Unidad auditada',
    soldOutOfTrust: 'Vencida sin liquidar',
  } satisfies Record<FinancedUnitEventKind, string>,
  /** Who acted when no user did (a job, the CRM). */
  systemActor: 'Sistema',
  historyEmpty: 'La unidad no tiene movimientos',
  reportSale: 'Reportar venta',
  reportSaleConfirm: (vin: string) => `¿Seguro que desea reportar la venta de la unidad con vin:${vin}?`,
  saleDateLabel: 'Fecha de venta',
  saleDateRequired: 'La fecha de venta es obligatoria',
  saleEvidenceLabel: 'Evidencia de venta (opcional)',
  saleEvidenceOpen: 'Ver evidencia',
  exportXlsx: 'Exportar XLSX',
  exportFailedTitle: 'Error',
} as const;
