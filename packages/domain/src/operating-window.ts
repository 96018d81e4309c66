import { BUSINESS_TIME_ZONE } from './limits';
import { operatingEnded, operatingNonWorkingDay, operatingNotStarted } from './messages';

/**
 * The operating window of provision actions (ARCHITECTURE §6, spec 3 "Operating hours" and §8): refused on a
 * non-working day (with its reason), before the configured start or from the configured end (with the HH:mm
 * window). Pure: the server reads the configuration and the days, and passes "now".
 */

/** The provisions configuration's window (spec 2 §3): 'HH:mm' (a database `time` may add ':ss'). */
export type OperatingHours = { startOperation: string; endOperation: string };
export type NonWorkingDayEntry = { date: string; reason: string };

export type OperatingRefusal = 'NON_WORKING_DAY' | 'OPERATION_NOT_STARTED' | 'OPERATION_ENDED';
export type OperatingVerdict =
  { allowed: true; day: string } | { allowed: false; code: OperatingRefusal; message: string; day: string };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** Minutes after midnight of an 'HH:mm' (or 'HH:mm:ss') time, or null when it is not one. */
export function clockMinutes(value: string): number | null {
  const match = CLOCK.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day (YYYY-MM-DD) and the seconds since its midnight of `now` in the business time zone. */
export function businessClock(now: Date, timeZone: string = BUSINESS_TIME_ZONE): { day: string; seconds: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/**
 * May a provision action run at `now`? First the day (a non-working day refuses whatever the hour), then the
 * hours: open from startOperation (inclusive) until endOperation (exclusive). An end before the start is a window
 * over midnight (between the two, today's window has not started yet); an equal start and end, or no usable
 * configuration, puts no limit on the hours.
 */
export function checkOperatingWindow(input: {
  now: Date;
  hours: OperatingHours | null;
  nonWorkingDays: readonly NonWorkingDayEntry[];
  timeZone?: string;
}): OperatingVerdict {
  const { day, seconds } = businessClock(input.now, input.timeZone);
  const holiday = input.nonWorkingDays.find((d) => d.date === day);
  if (holiday) return { allowed: false, code: 'NON_WORKING_DAY', message: operatingNonWorkingDay(holiday.reason), day };

  const start = input.hours ? clockMinutes(input.hours.startOperation) : null;
  const end = input.hours ? clockMinutes(input.hours.endOperation) : null;
  if (start === null || end === null || start === end) return { allowed: true, day };

  const from = start * 60;
  const until = end * 60;
  const window = [hhmm(start), hhmm(end)] as const;
  if (start < end) {
    if (seconds < from)
      return { allowed: false, code: 'OPERATION_NOT_STARTED', message: operatingNotStarted(...window), day };
    if (seconds >= until) return { allowed: false, code: 'OPERATION_ENDED', message: operatingEnded(...window), day };
    return { allowed: true, day };
  }
  // Over midnight: open from the start to midnight and from midnight to the end.
  if (seconds >= from || seconds < until) return { allowed: true, day };
  return { allowed: false, code: 'OPERATION_NOT_STARTED', message: operatingNotStarted(...window), day };
}
