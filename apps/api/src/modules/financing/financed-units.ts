import { and, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { provisionUnits } from '../../db/schema/financing';

/**
 * Changes the financed units all of `conditions` pick (a provision's, or the ones a refinancing copies), each one's
 * version moved on so a screen that read it must read again; answers how many changed. At least one condition: an
 * update without one would change every unit of every provision.
 */
export async function updateFinancedUnits(
  tx: Executor,
  changes: Partial<Pick<typeof provisionUnits.$inferInsert, 'inReview' | 'reviewBy' | 'canRefinance'>>,
  ...conditions: [SQL, ...SQL[]]
): Promise<number> {
  const rows = await tx
    .update(provisionUnits)
    .set({ ...changes, version: sql`${provisionUnits.version} + 1` })
    .where(and(...conditions))
    .returning({ id: provisionUnits.id });
  return rows.length;
}
