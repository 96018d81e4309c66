import { LAYOUT_MESSAGES } from '../messages-financing';

/** Spec 3 §9: the months-per-term constant, in days. */
export const LAYOUT_DAYS_PER_MONTH = 30.4;
/** Spec 3 §3 "Refinancing unit": a refinancing unit's term is 1 to 6 months. */
export const LAYOUT_TERM_MIN = 1;
export const LAYOUT_TERM_MAX = 6;
/** What the layout shows for a unit with no term to offer (spec 3 §5). */
export const LAYOUT_NOT_APPLICABLE = 'N/A';

export type LayoutTerm = number | typeof LAYOUT_NOT_APPLICABLE;

/**
 * Spec 3 §5 "Layout": months of anticipation are required and above 0. Answers the catalogue's message, or null
 * when the value may be searched with. Accepts what a form holds (a string, empty when blank) or a number.
 */
export function layoutMonthsError(months: number | string | null | undefined): string | null {
  if (months === null || months === undefined) return LAYOUT_MESSAGES.monthsRequired;
  const value = typeof months === 'number' ? months : months.trim() === '' ? Number.NaN : Number(months);
  return Number.isInteger(value) && value > 0 ? null : LAYOUT_MESSAGES.monthsRequired;
}

/**
 * The suggested refinancing term (spec 3 §5): round(diasRescate / 30.4) months; 'N/A' when the audit flag is set,
 * the unit cannot be refinanced, or the result is 0 or less.
 */
export function suggestedLayoutTerm(credit: {
  diasRescate: number;
  auditoria: boolean;
  puedeRefinanciar: boolean;
}): LayoutTerm {
  if (credit.auditoria || !credit.puedeRefinanciar) return LAYOUT_NOT_APPLICABLE;
  const months = Math.round(credit.diasRescate / LAYOUT_DAYS_PER_MONTH);
  return months > 0 ? months : LAYOUT_NOT_APPLICABLE;
}

/**
 * Whether a credit runs out within the months of anticipation (decision 043): its days to rescue, at most
 * months × 30.4. An expired credit (days ≤ 0) is in, and shows 'N/A'.
 */
export const dueWithin = (diasRescate: number, months: number): boolean =>
  diasRescate <= months * LAYOUT_DAYS_PER_MONTH;

/**
 * A unit is refinanceable (the layout's puedeRefinanciar; decision 043) when it is not sold and is not under audit
 * in the CRM. The audit flag is also its own N/A reason.
 */
export const layoutRefinanceable = (unit: { isSold: boolean; auditoria: boolean }): boolean =>
  !unit.isSold && !unit.auditoria;

/**
 * What Aplicar sends for a row (spec 3 §7 `units [unitId, deadlines, canRefinancing]`; decision 043): a term
 * within 1–6 makes the unit available for refinancing with that term; 'N/A' (or a term out of 1–6) does not.
 */
export function layoutApplyEntry(row: { unitId: number; plazoSugerido: LayoutTerm }) {
  const term = row.plazoSugerido;
  const refinanceable = typeof term === 'number' && isLayoutTerm(term);
  return {
    unitId: row.unitId,
    deadlines: refinanceable ? term : null,
    canRefinancing: refinanceable,
  };
}

export const isLayoutTerm = (term: number): boolean =>
  Number.isInteger(term) && term >= LAYOUT_TERM_MIN && term <= LAYOUT_TERM_MAX;

/** 'Layout (DD-MM-YYYY).xlsx' for a Mexico City day 'YYYY-MM-DD' (spec 3 §9 "layout spreadsheet named Layout with the date"). */
export const layoutXlsxName = (mexicoCityDay: string): string => {
  const [y, m, d] = mexicoCityDay.split('-');
  return `Layout (${d}-${m}-${y}).xlsx`;
};

/** The spreadsheet's header row, in the layout row's order (spec 3 §3). */
export const LAYOUT_XLSX_COLUMNS = [
  'No. Crédito',
  'Asignación',
  'Agencia',
  'Contrato',
  'Plazo',
  'Modelo',
  'VIN',
  'Tasa',
  'Saldo capital',
  'FinBe Cob',
  'Fecha inicio',
  'Fecha vencimiento',
  'Días transcurridos',
  'Plazo financiamiento',
  'Días rescate',
  'Plazo sugerido',
  'Puede refinanciar',
  'Tipo',
] as const;

/** Spec 3 §9: the layout by noCredito (ascending; numbers inside compared as numbers). */
export const compareLayoutRows = (a: { noCredito: string }, b: { noCredito: string }): number =>
  a.noCredito.localeCompare(b.noCredito, 'es', { numeric: true });
