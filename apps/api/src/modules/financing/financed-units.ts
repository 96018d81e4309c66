import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { provisionUnits } from '../../db/schema/financing';

/**
 * Changes the financed units `where` picks (a provision's, or the ones a refinancing copies), each one's version moved
 * on so a screen that read it must read again; answers how many changed.
 */
export async function updateFinancedUnits(
  tx: Executor,
  changes: Partial<Pick<typeof provisionUnits.$inferInsert, 'inReview' | 'reviewBy' | 'canRefinance'>>,
  where: SQL | undefined,
): Promise<number> {
  const rows = await tx
    .update(provisionUnits)
    .set({ ...changes, version: sql`${provisionUnits.version} + 1` })
    .where(where)
    .returning({ id: provisionUnits.id });
  return rows.length;
}
