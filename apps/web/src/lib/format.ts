import { format, isValid, parseISO } from 'date-fns';
import {
  formatAmountText,
  formatBusinessDate,
  formatBusinessDateTime,
  type Money,
  type ShownDate,
} from '@planpiso/domain';

/**
 * dd/MM/yyyy (spec 1 §9); '' for no value. Every date a screen shows goes through here or `formatDateTime`: an
 * instant on the business's clock (America/Mexico_City) whatever the browser's zone, a calendar day as it is
 * (domain `formatBusinessDate`, decision 058).
 */
export function formatDate(value: ShownDate): string {
  return formatBusinessDate(value);
}

/** dd/MM/yyyy HH:mm on the business's clock (domain `formatBusinessDateTime`). */
export function formatDateTime(value: ShownDate): string {
  return formatBusinessDateTime(value);
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
