import { businessClock, clockMinutes } from '../operating-window';

/**
 * When a periodic validation (AX, TransUnion, REPUVE: spec 2 §2 "Configuración de validaciones periódicas") is due.
 * The configuration gives each check {days, hours 'HH:mm'}: we read it as "every `days` days, at `hours`, Mexico
 * City time" — days counted from 1970-01-01, so every 2 days means even-numbered days — with 0 read as 1 (every
 * day: a zero-day interval would mean "all the time"). Returns the slot (the local day, YYYY-MM-DD) whose run is
 * due at `now`, or null: the runner keeps the last slot it ran, so each slot runs once even if the scheduler
 * looked in late or twice.
 */
export function dueValidationSlot(input: { now: Date; days: number; time: string; timeZone?: string }): string | null {
  const at = clockMinutes(input.time);
  if (at === null || !Number.isInteger(input.days) || input.days < 0) return null;
  const every = Math.max(1, input.days);
  const { day, seconds } = businessClock(input.now, input.timeZone);
  const dayNumber = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  if (dayNumber % every !== 0) return null;
  return seconds >= at * 60 ? day : null;
}
