import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FinancedUnitEventKind } from '@planpiso/domain';
import type { Db, Executor } from '../../db/client';
import { financedUnits } from '../../db/schema/financed-units';
import { writeAudit } from '../../platform/audit';
import { transaction } from '../../platform/transaction';
import { recordEvents } from './register';

type Columns = { paidAt?: string; soldOutOfTrustAt?: SQL };

/**
 * One move of the sold-out-of-trust control's job (the machine has allowed it): the unit's version-checked UPDATE,
 * its history row and its audit row `financed-units.<action>` in one transaction, the system as the actor. A unit
 * changed since it was read is skipped (false), so a second pass moves nothing again — nor notices anyone twice.
 */
export function moveFinancedUnitBySystem(
  db: Db,
  now: Date,
  unit: { id: number; version: number; status: number },
  move: {
    to: number;
    set: Columns;
    kind: FinancedUnitEventKind;
    action: string;
    details: Record<string, unknown>;
    /** What the move says, in its transaction once it moved (its notices: decision 080). */
    after?: (tx: Executor) => Promise<void>;
  },
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(financedUnits)
      .set({ ...move.set, status: move.to, version: sql`${financedUnits.version} + 1`, updatedAt: now })
      .where(and(eq(financedUnits.id, unit.id), eq(financedUnits.version, unit.version)))
      .returning({ version: financedUnits.version });
    if (!row) return false;
    await recordEvents(tx, [
      { financedUnitId: unit.id, kind: move.kind, actorId: null, at: now, details: move.details },
    ]);
    await writeAudit(tx, {
      actor: null,
      action: `financed-units.${move.action}`,
      entity: 'financed-unit',
      entityId: unit.id,
      before: { status: unit.status, version: unit.version },
      after: { status: move.to, version: row.version, ...move.details },
    });
    if (move.after) await move.after(tx);
    return true;
  });
}
