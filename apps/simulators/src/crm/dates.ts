const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (decision 009's date format). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The day counts of a credit at the CRM's date `today`, from the credit's own dates (the layout reads them, spec 3
 * §5; decision 060). The days are counted from the later of its start and `today`: a credit that has not started yet
 * (inserted with a start after the CRM's date) has 0 days elapsed and its whole term to rescue. So always
 * diasRescate = plazoFinanciamiento − diasTranscurridos; past its due date diasRescate is negative.
 */
export function creditDayCounts(credit: { fechaInicio: string; fechaVencimiento: string }, today: string) {
  const asOf = credit.fechaInicio > today ? credit.fechaInicio : today;
  return {
    diasTranscurridos: daysBetween(credit.fechaInicio, asOf),
    plazoFinanciamiento: daysBetween(credit.fechaInicio, credit.fechaVencimiento),
    diasRescate: daysBetween(asOf, credit.fechaVencimiento),
  };
}

/** Same day `months` later, clamped to the month's end (a credit of 1 month started on Jan 31 ends Feb 28). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The calendar day `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
