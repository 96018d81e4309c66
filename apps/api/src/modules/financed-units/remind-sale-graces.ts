import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  FINANCED_UNIT_MESSAGES as TEXT,
  FINANCED_UNIT_STATUS,
  businessClock,
  formatBusinessDate,
  isGraceOver,
  latestDueReminded,
  noticeGraceEnding,
  reminderDate,
} from '@planpiso/domain';
import { financedUnits } from '../../db/schema/financed-units';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { transaction } from '../../platform/transaction';
import { noticeUnitAudience, type FinancedUnitNoticeDeps } from './notices';
import { nonWorkingDaysFrom } from './payoff-due-date';

/**
 * The "grace ends soon" notice (issue 29 §2: "3 days before the grace ends"): each unit still Vendida (por liquidar)
 * whose reminder day (payoff-grace.ts `reminderDate`: 3 business days before its due date on the lender's calendar)
 * has come, and whose grace is not over yet, tells its dealer and its account's operator — once: the transaction
 * stamps `reminder_sent_at` only where it is still empty, and the notice and its audit row go with that stamp.
 * Answers how many units were reminded.
 */
export async function remindSaleGraces({
  db,
  clock,
  ...notices
}: Pick<AppDeps, 'db' | 'clock'> & FinancedUnitNoticeDeps): Promise<number> {
  const today = businessClock(clock.now()).day;
  // Only the units whose reminder day has come: not every unit sold on every pass (thousands on a lender's book).
  const latestDue = latestDueReminded(today, await nonWorkingDaysFrom(db, today));
  const sold = await db
    .select({
      id: financedUnits.id,
      vin: financedUnits.vin,
      soldAt: financedUnits.soldAt,
      payoffDueDate: financedUnits.payoffDueDate,
      accountId: financedUnits.accountId,
      companyId: financedUnits.companyId,
    })
    .from(financedUnits)
    .where(
      and(
        eq(financedUnits.status, FINANCED_UNIT_STATUS.SOLD),
        isNull(financedUnits.reminderSentAt),
        lte(financedUnits.payoffDueDate, latestDue),
      ),
    );
  if (sold.length === 0) return 0;
  const earliest = sold.map((unit) => unit.soldAt ?? today).sort()[0]!;
  const closed = await nonWorkingDaysFrom(db, earliest);
  let reminded = 0;
  for (const unit of sold) {
    const due = unit.payoffDueDate!;
    const day = reminderDate(due, closed, unit.soldAt ?? due);
    if (day === null || day > today || isGraceOver(due, today)) continue;
    const sent = await transaction(db, async (tx) => {
      const [stamped] = await tx
        .update(financedUnits)
        .set({ reminderSentAt: sql`now()` })
        .where(
          and(
            eq(financedUnits.id, unit.id),
            eq(financedUnits.status, FINANCED_UNIT_STATUS.SOLD),
            isNull(financedUnits.reminderSentAt),
          ),
        )
        .returning({ id: financedUnits.id });
      if (!stamped) return false;
      const notified = await noticeUnitAudience(tx, notices, unit, {
        title: TEXT.noticeReminderTitle,
        message: noticeGraceEnding(unit.vin, formatBusinessDate(due)),
      });
      await writeAudit(tx, {
        actor: null,
        action: 'financed-units.grace-reminder',
        entity: 'financed-unit',
        entityId: unit.id,
        before: { reminderSentAt: null },
        after: { reminderDay: day, payoffDueDate: due, notified },
      });
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
