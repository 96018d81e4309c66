import { BUSINESS_TIME_ZONE } from './limits';
import { businessClock } from './operating-window';

/**
 * How every screen shows a date and a time (spec 1 §9: dd/MM/yyyy, dd/MM/yyyy HH:mm), always on the business's
 * clock (America/Mexico_City) whatever the browser's time zone (issue 26 §15, decision 058):
 * - an instant (an ISO string with `Z` or an offset, a Date, epoch milliseconds) is read in the business time zone,
 *   through the same Intl formatter as `businessClock`;
 * - a calendar day ('YYYY-MM-DD', the API's days: audits, non-working days, credit end dates) is that day, never
 *   shifted;
 * - a date and time without a zone ('2026-03-02T09:05') is already a wall-clock time and is shown as written.
 */
export type ShownDate = string | number | Date | null | undefined;

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

type Parts = { day: string; clock: string };

const two = (n: number) => String(n).padStart(2, '0');

function partsOf(value: ShownDate, timeZone: string): Parts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return realDay(day[1]!, day[2]!, day[3]!) ? { day: value, clock: '00:00' } : null;
    const wall = WALL_CLOCK.exec(value);
    if (wall) {
      if (!realDay(wall[1]!, wall[2]!, wall[3]!) || Number(wall[4]) > 23 || Number(wall[5]) > 59) return null;
      return { day: `${wall[1]}-${wall[2]}-${wall[3]}`, clock: `${wall[4]}:${wall[5]}` };
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const { day, seconds } = businessClock(instant, timeZone);
  return { day, clock: `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}` };
}

function realDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

const shownDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** dd/MM/yyyy on the business's clock; '' for no value or one that is not a date. */
export function formatBusinessDate(value: ShownDate, timeZone: string = BUSINESS_TIME_ZONE): string {
  const parts = partsOf(value, timeZone);
  return parts ? shownDay(parts.day) : '';
}

/** dd/MM/yyyy HH:mm on the business's clock; '' for no value or one that is not a date. */
export function formatBusinessDateTime(value: ShownDate, timeZone: string = BUSINESS_TIME_ZONE): string {
  const parts = partsOf(value, timeZone);
  return parts ? `${shownDay(parts.day)} ${parts.clock}` : '';
}
