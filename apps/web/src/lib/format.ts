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

// Plain code, not date-fns: its `format` is 44 KB of every list's first load for two fixed patterns (issue 31).
const isValidDate = (value: Date | null | undefined): value is Date => value instanceof Date && !isNaN(value.getTime());
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Dates travel as YYYY-MM-DD (ARCHITECTURE §4): the picked day on the browser's calendar. */
export function toIsoDate(value: Date | null | undefined): string {
  if (!isValidDate(value)) return '';
  return `${String(value.getFullYear()).padStart(4, '0')}-${twoDigits(value.getMonth() + 1)}-${twoDigits(value.getDate())}`;
}

/**
 * A YYYY-MM-DD day as the pickers hold it (that day's local midnight), or an ISO date-time as the instant it names;
 * null for anything else, a day that does not exist (2026-02-30) included.
 */
export function fromIsoDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    // setFullYear, not the constructor: `new Date(2, …)` is 1902, and a year being typed passes through 0002.
    const local = new Date(0);
    local.setFullYear(year, month - 1, date);
    local.setHours(0, 0, 0, 0);
    return local.getFullYear() === year && local.getMonth() === month - 1 && local.getDate() === date ? local : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const instant = new Date(value);
  return isValidDate(instant) ? instant : null;
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
  return isValidDate(value) ? `${twoDigits(value.getHours())}:${twoDigits(value.getMinutes())}` : '';
}

/**
 * Amounts in en-US with 2 decimals (spec 1 §9): 1234.5 → '1,234.50'. Money arrives as a decimal string; the
 * domain's money module formats it from exact cents, never through a float.
 */
export function formatAmount(value: Money | number | string | null | undefined): string {
  return formatAmountText(value);
}
