import { and, count, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { audits } from '../../db/schema/audits';

/**
 * The company's audits that suspend its provisions panel on `day` (YYYY-MM-DD, both ends inclusive): the
 * eligibility check's "audits in progress" (spec 3 §4 "Audit", "Disposition eligibility check").
 */
export async function countSuspendingAudits(db: Executor, companyId: number, day: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(audits)
    .where(
      and(
        eq(audits.companyId, companyId),
        eq(audits.isSuspended, true),
        lte(audits.initialDate, day),
        gte(audits.endDate, day),
      ),
    );
  return row?.total ?? 0;
}
