import { businessClock, checkOperatingWindow, type OperatingVerdict } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { nonWorkingDaysOn, readSettings } from './repository';

/**
 * May a provision action run now? (ARCHITECTURE §6 "Operating window", spec 3 §5 "Operating hours".) Reads the
 * saved window and today's non-working day on every call, so a change in either applies at once. The rule itself is
 * the domain's checkOperatingWindow.
 */
export async function operatingVerdict(db: Executor, now: Date): Promise<OperatingVerdict> {
  const settings = await readSettings(db);
  const holidays = await nonWorkingDaysOn(db, businessClock(now).day);
  return checkOperatingWindow({
    now,
    hours: { startOperation: settings.startOperation, endOperation: settings.endOperation },
    nonWorkingDays: holidays,
  });
}

/** The same check as a guard: refuses with 422 and the spec's message (the provision endpoints call it). */
export async function assertOperatingWindow(db: Executor, now: Date): Promise<void> {
  const verdict = await operatingVerdict(db, now);
  if (!verdict.allowed) throw new AppError(verdict.code, { message: verdict.message });
}
