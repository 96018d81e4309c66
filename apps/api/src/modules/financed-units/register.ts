import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { businessClock, type FinancedUnitEventKind } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { financedUnitEvents, financedUnits } from '../../db/schema/financed-units';
import { crmInsertions, provisionUnits, provisions } from '../../db/schema/financing';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';

/**
 * How units enter the register (issue 29 item 1), in the transaction of the move that finances them: Liberar
 * (release-financing.ts) and the CRM's insertion (credit-failures `attempt`, the release reconciliation). Each writes
 * from the unit's crm_insertions row — the one place both ways pass — and a unit already there is left as it is (the
 * unique indexes), so a repeated move registers it once.
 */

/** The operation a Liberar closed: its 'released' insertion rows are its units. */
export type ReleasedOperation = { kind: 'provision' | 'refinancing'; id: number };

const fromRefinancing = sql`${crmInsertions.refinancingUnitId} is not null`;

/**
 * Copies into financed_units the units of the insertion rows `where` picks, released on `releasedOn` (or, when
 * null, on their operation's approved date and else today), with a 'released' event each. Answers the new rows' ids.
 */
async function register(
  tx: Executor,
  where: SQL,
  at: Date,
  actor: number | null,
  releasedOn: SQL,
  via: 'release' | 'crm',
): Promise<number[]> {
  const term = sql`greatest(coalesce(case when ${fromRefinancing} then ${refinancingUnits.deadlines}
    else coalesce(${provisionUnits.deadlines}, ${provisions.deadlines}) end, 1), 1)`;
  const added = await tx.execute<{ id: number; credit_number: string | null }>(sql`
    insert into ${financedUnits} (provision_unit_id, provision_id, refinancing_unit_id, refinancing_id,
      crm_insertion_id, account_id, company_id, agency_id, folio, credit_line, vin, brand, model, description, amount,
      credit_number, released_on, term, ends_on, created_at, updated_at)
    select ${provisionUnits.id}, ${provisions.id}, ${refinancingUnits.id}, ${refinancings.id}, ${crmInsertions.id},
      coalesce(${refinancings.accountId}, ${provisions.accountId}),
      coalesce(${refinancings.companyId}, ${provisions.companyId}),
      case when ${fromRefinancing} then ${refinancings.agencyId} else ${provisions.agencyId} end,
      case when ${fromRefinancing} then ${refinancings.folio} else ${provisions.folio} end,
      case when ${fromRefinancing} then ${refinancings.creditLine} else ${provisions.creditLine} end,
      ${provisionUnits.vinNumber}, ${provisionUnits.brandName}, ${provisionUnits.model}, ${provisionUnits.description},
      case when ${fromRefinancing} then ${refinancingUnits.amount} else ${provisionUnits.amount} end,
      ${crmInsertions.creditNumber}, released.day, ${term}, (released.day + make_interval(months => ${term}::int))::date,
      ${at}, ${at}
    from ${crmInsertions}
      join ${provisionUnits} on ${provisionUnits.id} = ${crmInsertions.unitId}
      join ${provisions} on ${provisions.id} = ${crmInsertions.provisionId}
      left join ${refinancingUnits} on ${refinancingUnits.id} = ${crmInsertions.refinancingUnitId}
      left join ${refinancings} on ${refinancings.id} = ${refinancingUnits.refinancingId}
      cross join lateral (select ${releasedOn} as day) as released
    where ${where}
    on conflict do nothing
    returning id, credit_number`);
  const rows = added.rows.map((row) => ({ id: Number(row.id), creditNumber: row.credit_number }));
  await recordEvents(
    tx,
    rows.map((row) => ({
      financedUnitId: row.id,
      kind: 'released',
      actorId: actor,
      at,
      details: { via, ...(row.creditNumber ? { creditNumber: row.creditNumber } : {}) },
    })),
  );
  return rows.map((row) => row.id);
}

/** Writes history rows (none for an empty list). */
export async function recordEvents(
  tx: Executor,
  events: {
    financedUnitId: number;
    kind: FinancedUnitEventKind;
    actorId: number | null;
    at: Date;
    details: Record<string, unknown>;
  }[],
): Promise<void> {
  if (events.length > 0) await tx.insert(financedUnitEvents).values(events);
}

/** Liberar: every unit the operation just released (its 'released' insertion rows), released today. */
export function registerReleasedUnits(tx: Executor, operation: ReleasedOperation, at: Date, actor: number | null) {
  const ofOperation =
    operation.kind === 'provision'
      ? sql`${crmInsertions.provisionId} = ${operation.id} and ${crmInsertions.refinancingUnitId} is null`
      : sql`${refinancingUnits.refinancingId} = ${operation.id}`;
  return register(
    tx,
    sql`${ofOperation} and ${crmInsertions.status} = 'released'`,
    at,
    actor,
    sql`${businessClock(at).day}::date`,
    'release',
  );
}

/**
 * The CRM took the unit of insertion `insertionId` (status 'inserted', its credit number saved): a unit released
 * before gets its credit number (a 'creditAssigned' event); one sent to the CRM enters the register, released on its
 * operation's approved date ('Inicio de la disposición'), else today.
 */
export async function registerInsertedUnit(
  tx: Executor,
  insertionId: number,
  at: Date,
  actor: number | null,
): Promise<void> {
  const numbered = await tx
    .update(financedUnits)
    .set({
      creditNumber: sql`(select ${crmInsertions.creditNumber} from ${crmInsertions} where ${crmInsertions.id} = ${insertionId})`,
      version: sql`${financedUnits.version} + 1`,
      updatedAt: at,
    })
    .where(and(eq(financedUnits.crmInsertionId, insertionId), isNull(financedUnits.creditNumber)))
    .returning({ id: financedUnits.id, creditNumber: financedUnits.creditNumber });
  if (numbered.length > 0) {
    await recordEvents(
      tx,
      numbered.map((row) => ({
        financedUnitId: row.id,
        kind: 'creditAssigned',
        actorId: actor,
        at,
        details: { creditNumber: row.creditNumber },
      })),
    );
    return;
  }
  const approved = sql`case when ${fromRefinancing} then ${refinancings.approvedDate} else ${provisions.approvedDate} end`;
  await register(
    tx,
    sql`${crmInsertions.id} = ${insertionId} and ${crmInsertions.status} = 'inserted'`,
    at,
    actor,
    sql`coalesce(${approved}, ${businessClock(at).day}::date)`,
    'crm',
  );
}
