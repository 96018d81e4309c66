import { format, isValid, parseISO } from 'date-fns';
import { DISPLAY_DATE_FORMAT, DISPLAY_DATE_TIME_FORMAT, formatAmountText, type Money } from '@planpiso/domain';

type DateInput = string | number | Date | null | undefined;

/** 'YYYY-MM-DD' is read as a local calendar day (new Date() would read it as UTC midnight and shift it). */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** dd/MM/yyyy (spec 1 §9); '' for no value. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, DISPLAY_DATE_FORMAT) : '';
}

/** dd/MM/yyyy HH:mm. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, DISPLAY_DATE_TIME_FORMAT) : '';
}

/** Dates travel as YYYY-MM-DD (ARCHITECTURE §4). */
export function toIsoDate(value: Date | null | undefined): string {
  return value && isValid(value) ? format(value, 'yyyy-MM-dd') : '';
}

export function fromIsoDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** A form's 'HH:mm' as the time pickers hold it (today's date, that time), or null when it is not one. */
export function fromClock(value: string | null | undefined): Date | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const date = new Date();
  date.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return date;
}

/** A picked time as 'HH:mm' ('' while empty or half typed). */
export function toClock(value: Date | null | undefined): string {
  return value && isValid(value) ? format(value, 'HH:mm') : '';
}

/**
 * Amounts in en-US with 2 decimals (spec 1 §9): 1234.5 → '1,234.50'. Money arrives as a decimal string; the
 * domain's money module formats it from exact cents, never through a float.
 */
export function formatAmount(value: Money | number | string | null | undefined): string {
  return formatAmountText(value);
}
