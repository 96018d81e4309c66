import { and, eq, lt, sql } from 'drizzle-orm';
import {
  FINANCED_UNIT_MESSAGES as TEXT,
  FINANCED_UNIT_STATUS,
  SYSTEM_ACTOR,
  askFinancedUnit,
  businessClock,
  formatBusinessDate,
  isGraceOver,
  noticeSoldOutOfTrust,
} from '@planpiso/domain';
import { financedUnits } from '../../db/schema/financed-units';
import type { AppDeps } from '../../platform/deps';
import { noticeUnitAudience, type FinancedUnitNoticeDeps } from './notices';
import { moveFinancedUnitBySystem } from './system-move';

/**
 * The sold-out-of-trust control's daily step (issue 29 item 2): every unit Vendida (por liquidar) whose payoff grace
 * is over on the business's today becomes Vencida sin liquidar, one transaction per unit (its move, its history row,
 * its audit row), asked of the machine as the system. Idempotent: a unit moved already, or changed since it was
 * read (its version), is skipped. The dealer and the account's operator are told in the move's transaction
 * (decision 080). Answers how many units moved.
 */
export async function expireSaleGraces({
  db,
  clock,
  ...notices
}: Pick<AppDeps, 'db' | 'clock'> & FinancedUnitNoticeDeps): Promise<number> {
  const now = clock.now();
  const today = businessClock(now).day;
  const candidates = await db
    .select({
      id: financedUnits.id,
      version: financedUnits.version,
      payoffDueDate: financedUnits.payoffDueDate,
      vin: financedUnits.vin,
      accountId: financedUnits.accountId,
      companyId: financedUnits.companyId,
    })
    .from(financedUnits)
    .where(and(eq(financedUnits.status, FINANCED_UNIT_STATUS.SOLD), lt(financedUnits.payoffDueDate, today)));
  let moved = 0;
  for (const unit of candidates) {
    const graceOver = unit.payoffDueDate !== null && isGraceOver(unit.payoffDueDate, today);
    const verdict = askFinancedUnit(SYSTEM_ACTOR, 'graceExpired', { status: FINANCED_UNIT_STATUS.SOLD, graceOver });
    if (!verdict.allowed) continue;
    const changed = await moveFinancedUnitBySystem(
      db,
      now,
      { id: unit.id, version: unit.version, status: FINANCED_UNIT_STATUS.SOLD },
      {
        to: verdict.to,
        // The database's time, as an exception's approval is (the hold compares the two).
        set: { soldOutOfTrustAt: sql`now()` },
        kind: 'soldOutOfTrust',
        action: 'sold-out-of-trust',
        details: { payoffDueDate: unit.payoffDueDate, today },
        after: async (tx) => {
          await noticeUnitAudience(tx, notices, unit, {
            title: TEXT.noticeSoldOutOfTrustTitle,
            message: noticeSoldOutOfTrust(unit.vin, formatBusinessDate(unit.payoffDueDate!)),
          });
        },
      },
    );
    if (changed) moved += 1;
  }
  return moved;
}
