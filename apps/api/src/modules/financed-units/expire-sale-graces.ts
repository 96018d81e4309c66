import { and, eq, lt, sql } from 'drizzle-orm';
import { FINANCED_UNIT_STATUS, SYSTEM_ACTOR, askFinancedUnit, businessClock, isGraceOver } from '@planpiso/domain';
import { financedUnits } from '../../db/schema/financed-units';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { transaction } from '../../platform/transaction';
import { recordEvents } from './register';

/**
 * The sold-out-of-trust control's daily step (issue 29 item 2): every unit Vendida (por liquidar) whose payoff grace
 * is over on the business's today becomes Vencida sin liquidar, one transaction per unit (its move, its history row,
 * its audit row), asked of the machine as the system. Idempotent: a unit moved already, or changed since it was
 * read (its version), is skipped. Answers how many units moved.
 */
export async function expireSaleGraces({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = clock.now();
  const today = businessClock(now).day;
  const candidates = await db
    .select({ id: financedUnits.id, version: financedUnits.version, payoffDueDate: financedUnits.payoffDueDate })
    .from(financedUnits)
    .where(and(eq(financedUnits.status, FINANCED_UNIT_STATUS.SOLD), lt(financedUnits.payoffDueDate, today)));
  let moved = 0;
  for (const unit of candidates) {
    const graceOver = unit.payoffDueDate !== null && isGraceOver(unit.payoffDueDate, today);
    const verdict = askFinancedUnit(SYSTEM_ACTOR, 'graceExpired', { status: FINANCED_UNIT_STATUS.SOLD, graceOver });
    if (!verdict.allowed) continue;
    const changed = await transaction(db, async (tx) => {
      const [row] = await tx
        .update(financedUnits)
        .set({
          status: verdict.to,
          // The database's time, as an exception's approval is (the hold compares the two).
          soldOutOfTrustAt: sql`now()`,
          version: sql`${financedUnits.version} + 1`,
          updatedAt: now,
        })
        .where(
          and(
            eq(financedUnits.id, unit.id),
            eq(financedUnits.version, unit.version),
            eq(financedUnits.status, FINANCED_UNIT_STATUS.SOLD),
          ),
        )
        .returning({ version: financedUnits.version });
      if (!row) return false;
      const details = { payoffDueDate: unit.payoffDueDate, today };
      await recordEvents(tx, [{ financedUnitId: unit.id, kind: 'soldOutOfTrust', actorId: null, at: now, details }]);
      await writeAudit(tx, {
        actor: null,
        action: 'financed-units.sold-out-of-trust',
        entity: 'financed-unit',
        entityId: unit.id,
        before: { status: FINANCED_UNIT_STATUS.SOLD, version: unit.version },
        after: { status: verdict.to, version: row.version, ...details },
      });
      return true;
    });
    if (changed) moved += 1;
  }
  return moved;
}
