import { and, count, eq, max } from 'drizzle-orm';
import { FINANCED_UNIT_STATUS, exceptionCoversSoldOutOfTrust, soldOutOfTrustHold } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { financedUnits } from '../../db/schema/financed-units';
import { latestException } from '../companies';
import { approvalAgainstAudits } from '../exceptions';

/**
 * What the eligibility pre-check reads of a company's sold-out-of-trust units (issue 29 item 2): how many are in
 * Vencida sin liquidar and when the latest of them fell into it (the database's time, compared with an exception's
 * approval).
 */
export async function soldOutOfTrustFacts(
  db: Executor,
  companyId: number,
): Promise<{ units: number; latestAt: Date | null }> {
  const [row] = await db
    .select({ units: count(), latestAt: max(financedUnits.soldOutOfTrustAt) })
    .from(financedUnits)
    .where(
      and(eq(financedUnits.companyId, companyId), eq(financedUnits.status, FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST)),
    );
  return { units: row?.units ?? 0, latestAt: row?.latestAt ?? null };
}

/**
 * The sold-out-of-trust hold on a company on `day` (the domain's soldOutOfTrustHold): its units in SOT — `sot` when
 * the caller knows them, else read — against its latest exception and when that was approved. The refusal of a
 * drawdown and the "drawdowns reactivated" notice ask this one question.
 */
export async function soldOutOfTrustHoldOf(
  db: Executor,
  companyId: number,
  day: string,
  sot?: { units: number; latestAt: Date | null },
) {
  const latest = await latestException(db, companyId);
  const { approvedAt } = await approvalAgainstAudits(db, companyId, day);
  const facts = sot ?? (await soldOutOfTrustFacts(db, companyId));
  return soldOutOfTrustHold({
    sotUnits: facts.units,
    approvedExceptionCoversIt: exceptionCoversSoldOutOfTrust({
      latestExceptionStatus: latest?.status ?? null,
      approvedAt,
      heldSince: facts.latestAt,
    }),
  });
}
