import { and, eq, inArray, sql } from 'drizzle-orm';
import { RESERVING_PROVISION_STATUSES } from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { creditLines } from '../../db/schema/credit-lines';
import { provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';

export type CreditLineRow = typeof creditLines.$inferSelect;

/** What the CRM said about a line, as the row stores it (amounts as decimal strings). */
export type CreditLineSnapshot = {
  crmLineId: string;
  clientNumber: string;
  typeLine: string;
  montoAutorizado: string;
  montoRestante: string;
  plazos: string;
};

/** Writes the CRM's view of a line (insert or overwrite), linking the client's registered company if any. */
export async function upsertCreditLine(db: Executor, line: CreditLineSnapshot, refreshedAt: Date) {
  const companyId = sql<
    number | null
  >`(select ${companies.id} from ${companies} where ${companies.clientId} = ${line.clientNumber})`;
  const values = { ...line, companyId, refreshedAt };
  const [row] = await db
    .insert(creditLines)
    .values(values)
    .onConflictDoUpdate({ target: creditLines.crmLineId, set: values })
    .returning();
  return row!;
}

export async function findCreditLine(db: Executor, crmLineId: string) {
  const [row] = await db.select().from(creditLines).where(eq(creditLines.crmLineId, crmLineId));
  return row;
}

/**
 * Sets `lock_timeout` for this transaction only and returns the value it replaced, so the caller can put it back
 * once it holds its lock (the rest of the transaction keeps the server's setting).
 */
export async function setLockTimeout(tx: Tx, timeout: string): Promise<string> {
  const current = await tx.execute<{ previous: string }>(sql`select current_setting('lock_timeout') as previous`);
  await tx.execute(sql`select set_config('lock_timeout', ${timeout}, true)`);
  return current.rows[0]!.previous;
}

export async function restoreLockTimeout(tx: Tx, previous: string): Promise<void> {
  await tx.execute(sql`select set_config('lock_timeout', ${previous}, true)`);
}

/** SELECT … FOR UPDATE on the line's row: waits (up to lock_timeout) while another transaction holds it. */
export async function lockCreditLineRow(tx: Tx, crmLineId: string) {
  const [row] = await tx.select().from(creditLines).where(eq(creditLines.crmLineId, crmLineId)).for('update');
  return row;
}

// Held by open provisions (ARCHITECTURE §6): summed by PostgreSQL in numeric and read back as a decimal string.
const reservedSum = sql<string>`coalesce(sum(${provisions.total}), 0)::numeric(14, 2)::text`;
const holding = and(eq(provisions.isArchived, false), inArray(provisions.status, [...RESERVING_PROVISION_STATUSES]));

/** What open provisions hold on one line, exact ('151000.75'). */
export async function reservedOnLine(db: Executor, crmLineId: string): Promise<string> {
  const [row] = await db
    .select({ reserved: reservedSum })
    .from(provisions)
    .where(and(eq(provisions.creditLine, crmLineId), holding));
  return row?.reserved ?? '0.00';
}

/** What open provisions hold on each of the lines given; a line without any is absent. */
export async function reservedOnLines(db: Executor, crmLineIds: string[]): Promise<Map<string, string>> {
  if (crmLineIds.length === 0) return new Map();
  const rows = await db
    .select({ creditLine: provisions.creditLine, reserved: reservedSum })
    .from(provisions)
    .where(and(inArray(provisions.creditLine, crmLineIds), holding))
    .groupBy(provisions.creditLine);
  return new Map(rows.map((row) => [row.creditLine, row.reserved]));
}
