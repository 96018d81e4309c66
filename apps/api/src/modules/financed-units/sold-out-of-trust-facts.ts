import { and, count, eq, max } from 'drizzle-orm';
import { FINANCED_UNIT_STATUS } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { financedUnits } from '../../db/schema/financed-units';

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
