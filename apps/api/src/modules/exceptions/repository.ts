import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountOperators } from '../../db/schema/assignments';
import { exceptions } from '../../db/schema/exceptions';

export type ExceptionRow = typeof exceptions.$inferSelect;

export async function insertException(
  tx: Executor,
  row: Pick<ExceptionRow, 'accountId' | 'companyId' | 'registerBy' | 'type' | 'comment' | 'createdAt' | 'updatedAt'>,
): Promise<ExceptionRow> {
  // The folio comes from its sequence (exception_folio_seq); the status starts at 0, pending (spec 3 §4).
  const [saved] = await tx.insert(exceptions).values(row).returning();
  return saved!;
}

/** The lender's operator (type 3) assigned to the account (spec 2 §4: one per account), if any. */
export async function accountOperatorOf(db: Executor, accountId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accountOperators.userId })
    .from(accountOperators)
    .where(eq(accountOperators.accountId, accountId))
    .limit(1);
  return row?.userId;
}
