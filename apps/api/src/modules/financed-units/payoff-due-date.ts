import { eq, gte } from 'drizzle-orm';
import { PAYOFF_GRACE_DAYS_DEFAULT, payoffDueDate } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { nonWorkingDays } from '../../db/schema/non-working-days';
import { provisionSettings } from '../../db/schema/provision-settings';

/** The lender's Días inhábiles from `from` on (the grace's arithmetic skips them). */
export async function nonWorkingDaysFrom(tx: Executor, from: string): Promise<string[]> {
  const rows = await tx
    .select({ date: nonWorkingDays.date })
    .from(nonWorkingDays)
    .where(gte(nonWorkingDays.date, from));
  return rows.map((row) => row.date);
}

/** The payoff grace configured in /configuraciones (issue 29 §2; default 10 when the row is missing). */
export async function configuredGraceDays(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ days: provisionSettings.payoffGraceDays })
    .from(provisionSettings)
    .where(eq(provisionSettings.id, 1));
  return row?.days ?? PAYOFF_GRACE_DAYS_DEFAULT;
}

/**
 * When a unit sold on `soldAt` must be paid off: the grace's last business day on the lender's calendar (domain
 * `payoffDueDate`: weekends and the Días inhábiles from the day after the sale), the grace as /configuraciones says
 * it at the moment of the sale (a later change does not move a due date already given). Read in the sale's
 * transaction.
 */
export async function payoffDueDateOf(tx: Executor, soldAt: string, graceDays?: number): Promise<string> {
  const grace = graceDays ?? (await configuredGraceDays(tx));
  return payoffDueDate(soldAt, grace, await nonWorkingDaysFrom(tx, soldAt));
}
