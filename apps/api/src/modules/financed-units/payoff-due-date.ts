import { gte } from 'drizzle-orm';
import { PAYOFF_GRACE_DAYS_DEFAULT, payoffDueDate } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { nonWorkingDays } from '../../db/schema/non-working-days';

/**
 * When a unit sold on `soldAt` must be paid off: the grace's last business day on the lender's calendar (domain
 * `payoffDueDate`: weekends and the Días inhábiles from the day after the sale). The lender's days from the sale on
 * are read in the sale's transaction. The grace is the default 10 days until /configuraciones offers it (issue 29).
 */
export async function payoffDueDateOf(
  tx: Executor,
  soldAt: string,
  graceDays: number = PAYOFF_GRACE_DAYS_DEFAULT,
): Promise<string> {
  const closed = await tx
    .select({ date: nonWorkingDays.date })
    .from(nonWorkingDays)
    .where(gte(nonWorkingDays.date, soldAt));
  return payoffDueDate(soldAt, graceDays, closed);
}
