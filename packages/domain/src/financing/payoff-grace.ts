import { z } from 'zod';
import { BUSINESS_TIME_ZONE } from '../limits';
import { MESSAGES } from '../messages';
import { FINANCED_UNIT_MESSAGES } from '../messages-financed-units';
import { businessClock } from '../operating-window';

/**
 * The payoff grace of a sold unit (issue 29 §2: "from the sale date the payoff is due within a grace period of N
 * days", N in /configuraciones, default 10), on the lender's calendar. Days are YYYY-MM-DD in the business time zone
 * (America/Mexico_City); an instant is first read as its day there.
 *
 * The rule we chose: the grace counts BUSINESS days — Monday to Friday, less the lender's non-working days (Días
 * inhábiles) — starting the day after the sale (the sale day never counts, whatever day it is). The due date is the
 * N-th such day; the payoff is on time through the end of that day, and the grace is over from the next calendar
 * day on. Weekends are skipped here although the provisions' operating window refuses only the listed days: a grace
 * is a period the dealer needs banks open for, so a Saturday never eats one of its days.
 */

export const PAYOFF_GRACE_DAYS_DEFAULT = 10;
export const PAYOFF_GRACE_DAYS_MIN = 1;
export const PAYOFF_GRACE_DAYS_MAX = 90;
/** The reminder goes out this many business days before the due date (issue 29 §2: "3 days before the grace ends"). */
export const PAYOFF_REMINDER_BUSINESS_DAYS = 3;

/** A non-working day as the API lists it, or just its day. */
export type NonWorkingDay = string | { date: string };

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!CALENDAR_DAY.test(day) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`not a calendar day: ${day}`);
  }
  return time / DAY_MS;
}

const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The business day (YYYY-MM-DD) of a calendar day (as is) or of an instant (a Date or an ISO text with a zone). */
export function businessDayOf(value: string | Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    dayNumber(value);
    return value;
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`not a date: ${String(value)}`);
  return businessClock(instant, timeZone).day;
}

function closedDays(nonWorkingDays: readonly NonWorkingDay[]): Set<string> {
  return new Set(nonWorkingDays.map((d) => (typeof d === 'string' ? d : d.date)));
}

function isBusinessDay(n: number, closed: Set<string>): boolean {
  const weekday = new Date(n * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closed.has(dayOf(n));
}

/** The `count`-th business day after (count > 0) or before (count < 0) `day`, `day` itself never counted. */
export function addBusinessDays(day: string, count: number, nonWorkingDays: readonly NonWorkingDay[]): string {
  if (!Number.isInteger(count)) throw new RangeError(`not a whole number of days: ${count}`);
  const closed = closedDays(nonWorkingDays);
  const step = count < 0 ? -1 : 1;
  let n = dayNumber(day);
  for (let left = Math.abs(count); left > 0;) {
    n += step;
    if (isBusinessDay(n, closed)) left -= 1;
  }
  return dayOf(n);
}

/** The last day the sold unit may be paid off: the `graceDays`-th business day after the sale (see the rule above). */
export function payoffDueDate(
  saleDate: string | Date,
  graceDays: number,
  nonWorkingDays: readonly NonWorkingDay[],
): string {
  if (!Number.isInteger(graceDays) || graceDays < PAYOFF_GRACE_DAYS_MIN || graceDays > PAYOFF_GRACE_DAYS_MAX) {
    throw new RangeError(`grace days out of range: ${graceDays}`);
  }
  return addBusinessDays(businessDayOf(saleDate), graceDays, nonWorkingDays);
}

/** Unpaid from the day after the due date on (the due date itself is still within the grace). */
export function isGraceOver(dueDate: string, today: string | Date): boolean {
  return businessDayOf(today) > businessDayOf(dueDate);
}

/**
 * The day of the "grace ends soon" notice: 3 business days before the due date, so the dealer still has 3 business
 * days after it. Null when that day is not after the sale day (a grace of 3 days or fewer): the sale's notice, which
 * already names the due date, is the reminder.
 */
export function reminderDate(
  dueDate: string,
  nonWorkingDays: readonly NonWorkingDay[],
  saleDate: string | Date,
): string | null {
  const day = addBusinessDays(dueDate, -PAYOFF_REMINDER_BUSINESS_DAYS, nonWorkingDays);
  return day > businessDayOf(saleDate) ? day : null;
}

/**
 * The latest due date whose reminder day has come by `today`: `today` plus PAYOFF_REMINDER_BUSINESS_DAYS business
 * days. A reminder day moves with its due date (never back), so every unit due on or before this day — and none due
 * after it — has had its reminder day: the control asks the database for those units only, not every unit sold.
 */
export function latestDueReminded(today: string | Date, nonWorkingDays: readonly NonWorkingDay[]): string {
  return addBusinessDays(businessDayOf(today), PAYOFF_REMINDER_BUSINESS_DAYS, nonWorkingDays);
}

/**
 * The configured grace in /configuraciones: a whole number of days from 1 to 90. As the other configuration values,
 * an empty field is 'Campo requerido.' and a form's text is read as a number.
 */
export const payoffGraceDays = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? MESSAGES.required : FINANCED_UNIT_MESSAGES.graceDaysInvalid,
    })
    .int({ message: FINANCED_UNIT_MESSAGES.graceDaysInvalid })
    .min(PAYOFF_GRACE_DAYS_MIN, { message: FINANCED_UNIT_MESSAGES.graceDaysInvalid })
    .max(PAYOFF_GRACE_DAYS_MAX, { message: FINANCED_UNIT_MESSAGES.graceDaysInvalid }),
);
