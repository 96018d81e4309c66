import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  INSERTION_STATUSES_RELEASING_RESERVATION,
  INSERTION_STATUS_RELEASED,
  OPEN_REFINANCING_STATUSES,
  REFINANCING_STATUS,
  RESERVING_PROVISION_STATUSES,
  UNITS_RESERVE_UNTIL_INSERTED_STATUS,
  UNITS_RESERVE_WHILE_RELEASED_STATUS,
} from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { creditLines } from '../../db/schema/credit-lines';
import { crmInsertions, provisionUnits, provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';

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

/**
 * Writes the CRM's view of a line (insert or overwrite), linking the client's registered company if any. `readAt` is
 * when the CRM was asked: a view read before the one the row holds is older news and is not written (two refreshes
 * crossing, one slow), so a unit's hold released once a fresh read has it (credit-failures `attempt`) never meets a
 * stale remaining amount written after it. Returns the row as it stands.
 */
export async function upsertCreditLine(db: Executor, line: CreditLineSnapshot, readAt: Date) {
  const companyId = sql<
    number | null
  >`(select ${companies.id} from ${companies} where ${companies.clientId} = ${line.clientNumber})`;
  const values = { ...line, companyId, refreshedAt: readAt };
  const [row] = await db
    .insert(creditLines)
    .values(values)
    .onConflictDoUpdate({
      target: creditLines.crmLineId,
      set: values,
      setWhere: sql`${creditLines.refreshedAt} <= excluded.refreshed_at`,
    })
    .returning();
  return row ?? (await findCreditLine(db, line.crmLineId))!;
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

/**
 * What each line's open provisions hold (ARCHITECTURE §6, decisions 015, 029 and 055; the domain's `unitHoldsBalance`):
 * the whole total of those in statuses 1–7, plus, of an authorised one (8), each included unit the CRM has not counted
 * yet (no insertion 'inserted' or 'archived'), plus, of a released one (10), each included unit whose release the CRM
 * has not listed yet (its insertion row still 'released'); plus the total of each open refinancing (statuses 1–7,
 * decision 044) and, of one sent to the CRM (8) or released (10), each unit the CRM has not counted yet — the
 * provisions' rule. Summed by PostgreSQL in numeric and read back as decimal strings ('151000.75').
 */
function holdings(lines: SQL) {
  const released = sql.join(
    INSERTION_STATUSES_RELEASING_RESERVATION.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`
    select ${provisions.creditLine} as credit_line, ${provisions.total} as amount
    from ${provisions}
    where ${provisions.creditLine} in (${lines}) and ${provisions.isArchived} = false
      and ${inArray(provisions.status, [...RESERVING_PROVISION_STATUSES])}
    union all
    select ${provisions.creditLine}, ${provisionUnits.amount}
    from ${provisions} join ${provisionUnits} on ${provisionUnits.provisionId} = ${provisions.id}
    where ${provisions.creditLine} in (${lines}) and ${provisions.isArchived} = false
      and ${provisions.status} = ${UNITS_RESERVE_UNTIL_INSERTED_STATUS} and ${provisionUnits.included}
      and not exists (select 1 from ${crmInsertions} where ${crmInsertions.unitId} = ${provisionUnits.id}
        and ${crmInsertions.refinancingUnitId} is null and ${crmInsertions.status} in (${released}))
    union all
    select ${provisions.creditLine}, ${provisionUnits.amount}
    from ${provisions} join ${provisionUnits} on ${provisionUnits.provisionId} = ${provisions.id}
    where ${provisions.creditLine} in (${lines}) and ${provisions.isArchived} = false
      and ${provisions.status} = ${UNITS_RESERVE_WHILE_RELEASED_STATUS} and ${provisionUnits.included}
      and exists (select 1 from ${crmInsertions} where ${crmInsertions.unitId} = ${provisionUnits.id}
        and ${crmInsertions.refinancingUnitId} is null and ${crmInsertions.status} = ${INSERTION_STATUS_RELEASED})
    union all
    ${refinancingHoldings(sql`${refinancings.creditLine} in (${lines})`)}`;
}

/**
 * The refinancings' part of `holdings`, for the refinancings `which` picks (a line's, or one refinancing): the total
 * of an open one (1–7), and of one sent to the CRM (8) or released (10) each unit the CRM has not counted yet.
 * One fragment for the lines' balances and a refinancing's own hold (refinancings/repository.ts heldByRefinancing).
 */
export function refinancingHoldings(which: SQL) {
  const released = sql.join(
    INSERTION_STATUSES_RELEASING_RESERVATION.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`
    select ${refinancings.creditLine} as credit_line, ${refinancings.total} as amount
    from ${refinancings}
    where ${which} and ${inArray(refinancings.status, [...OPEN_REFINANCING_STATUSES])}
    union all
    select ${refinancings.creditLine}, ${refinancingUnits.amount}
    from ${refinancings} join ${refinancingUnits} on ${refinancingUnits.refinancingId} = ${refinancings.id}
    where ${which} and ${refinancings.status} = ${REFINANCING_STATUS.AUTHORIZED}
      and not exists (select 1 from ${crmInsertions}
        where ${crmInsertions.refinancingUnitId} = ${refinancingUnits.id} and ${crmInsertions.status} in (${released}))
    union all
    select ${refinancings.creditLine}, ${refinancingUnits.amount}
    from ${refinancings} join ${refinancingUnits} on ${refinancingUnits.refinancingId} = ${refinancings.id}
    where ${which} and ${refinancings.status} = ${REFINANCING_STATUS.RELEASED}
      and exists (select 1 from ${crmInsertions}
        where ${crmInsertions.refinancingUnitId} = ${refinancingUnits.id}
          and ${crmInsertions.status} = ${INSERTION_STATUS_RELEASED})`;
}

async function reservedByLine(db: Executor, crmLineIds: string[]): Promise<Map<string, string>> {
  if (crmLineIds.length === 0) return new Map();
  const lines = sql.join(
    crmLineIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ credit_line: string; reserved: string }>(sql`
    select held.credit_line, coalesce(sum(held.amount), 0)::numeric(14, 2)::text as reserved
    from (${holdings(lines)}) as held group by held.credit_line`);
  return new Map(result.rows.map((row) => [row.credit_line, row.reserved]));
}

/**
 * What open provisions and refinancings hold on every line together, exact ('151000.75'): the same rule as a line's
 * (holdings), over every line any of them names — the lender's money reserved and not yet drawn (the metrics).
 */
export async function reservedOnAllLines(db: Executor): Promise<string> {
  const lines = sql`select ${provisions.creditLine} from ${provisions}
    union select ${refinancings.creditLine} from ${refinancings}`;
  const result = await db.execute<{ reserved: string }>(sql`
    select coalesce(sum(held.amount), 0)::numeric(14, 2)::text as reserved from (${holdings(lines)}) as held`);
  return result.rows[0]?.reserved ?? '0.00';
}

/** What open provisions hold on one line, exact ('151000.75'). */
export async function reservedOnLine(db: Executor, crmLineId: string): Promise<string> {
  return (await reservedByLine(db, [crmLineId])).get(crmLineId) ?? '0.00';
}

/** What open provisions hold on each of the lines given; a line without any is absent. */
export async function reservedOnLines(db: Executor, crmLineIds: string[]): Promise<Map<string, string>> {
  return reservedByLine(db, crmLineIds);
}
