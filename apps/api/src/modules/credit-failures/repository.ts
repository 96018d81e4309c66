import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { InsertionStatus } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { crmInsertions, provisionUnits, provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';
import { BUSINESS_TIME_ZONE, containsPattern, pageWithTotal, withinDays, type Window } from '../../platform/listing';

export type { InsertionStatus };

const folioText = sql<string>`${provisions.folio}::text`;

export const creditFailureColumns = {
  id: crmInsertions.id,
  folio: folioText,
  manualFolio: provisions.manualFolio,
  useManualFolio: provisions.useManualFolio,
  legalName: sql<string>`coalesce(${companies.legalName}, ${companies.name})`,
  typeLine: provisions.typeLine,
  creditLine: provisions.creditLine,
  vin: provisionUnits.vinNumber,
  lastDate: sql<string>`to_char(timezone(${BUSINESS_TIME_ZONE}, ${crmInsertions.lastDate}), 'DD/MM/YYYY HH24:MI')`,
  attempts: crmInsertions.attempts,
  lastError: crmInsertions.lastError,
  status: sql<InsertionStatus>`${crmInsertions.status}`,
  version: crmInsertions.version,
};

export const creditFailureSortFields = {
  lastDate: crmInsertions.lastDate,
  folio: provisions.folio,
  legalName: sql`lower(coalesce(${companies.legalName}, ${companies.name})) collate "C"`,
  creditLine: provisions.creditLine,
  vinNumer: provisionUnits.vinNumber,
};

const joined = (db: Executor) =>
  db
    .select(creditFailureColumns)
    .from(crmInsertions)
    .innerJoin(provisionUnits, eq(provisionUnits.id, crmInsertions.unitId))
    .innerJoin(provisions, eq(provisions.id, crmInsertions.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId));

/** Failed insertions; `folio` matches the folio or, where the provision uses one, the manual folio. */
export async function listCreditFailures(
  db: Executor,
  filters: { folio?: string; from?: string; to?: string },
  window: Window,
  order: SQL[],
) {
  const where: SQL[] = [
    eq(crmInsertions.status, 'failed'),
    ...withinDays(crmInsertions.lastDate, filters.from, filters.to),
  ];
  if (filters.folio) {
    const pattern = containsPattern(filters.folio);
    where.push(
      or(ilike(folioText, pattern), and(eq(provisions.useManualFolio, true), ilike(provisions.manualFolio, pattern)))!,
    );
  }
  const condition = and(...where);
  const query = joined(db)
    .where(condition)
    .orderBy(...order);
  // Every insertion has its unit, provision and company (not-null foreign keys): only the folio filter needs them.
  return pageWithTotal(
    db,
    query,
    filters.folio
      ? db
          .select({ one: sql`1` })
          .from(crmInsertions)
          .innerJoin(provisionUnits, eq(provisionUnits.id, crmInsertions.unitId))
          .innerJoin(provisions, eq(provisions.id, crmInsertions.provisionId))
          .innerJoin(companies, eq(companies.id, provisions.companyId))
          .where(condition)
      : db
          .select({ one: sql`1` })
          .from(crmInsertions)
          .where(condition),
    window,
  );
}

/**
 * Everything the CRM needs to insert a unit (decision 009 InsertarUnidad), with the attempt's state. A refinanced
 * unit (refinancing_unit_id, decision 046) goes in with its refinancing's line, folio, term, date and amount.
 */
export async function findInsertion(db: Executor, id: number) {
  const fromRefinancing = sql`${crmInsertions.refinancingUnitId} is not null`;
  const [row] = await db
    .select({
      id: crmInsertions.id,
      status: crmInsertions.status,
      version: crmInsertions.version,
      idempotencyKey: crmInsertions.idempotencyKey,
      clientNumber: companies.clientId,
      creditLine: sql<string>`case when ${fromRefinancing} then ${refinancings.creditLine} else ${provisions.creditLine} end`,
      folio: sql<string>`case when ${fromRefinancing} then ${refinancings.folio}::text else ${folioText} end`,
      manualFolio: sql<
        string | null
      >`case when ${fromRefinancing} then ${refinancings.manualFolio} else ${provisions.manualFolio} end`,
      useManualFolio: sql<boolean>`case when ${fromRefinancing} then ${refinancings.useManualFolio} else ${provisions.useManualFolio} end`,
      deadlines: sql<
        number | null
      >`case when ${fromRefinancing} then ${refinancingUnits.deadlines} else coalesce(${provisionUnits.deadlines}, ${provisions.deadlines}) end`,
      approvedDate: sql<
        string | null
      >`(case when ${fromRefinancing} then ${refinancings.approvedDate} else ${provisions.approvedDate} end)::text`,
      vin: provisionUnits.vinNumber,
      motor: provisionUnits.motorNumber,
      brand: provisionUnits.brandName,
      model: provisionUnits.model,
      description: provisionUnits.description,
      color: provisionUnits.color,
      insideColor: provisionUnits.insideColor,
      amount: sql<string>`(case when ${fromRefinancing} then ${refinancingUnits.amount} else ${provisionUnits.amount} end)::text`,
    })
    .from(crmInsertions)
    .innerJoin(provisionUnits, eq(provisionUnits.id, crmInsertions.unitId))
    .innerJoin(provisions, eq(provisions.id, crmInsertions.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .leftJoin(refinancingUnits, eq(refinancingUnits.id, crmInsertions.refinancingUnitId))
    .leftJoin(refinancings, eq(refinancings.id, refinancingUnits.refinancingId))
    .where(eq(crmInsertions.id, id))
    .limit(1);
  return row;
}

export type Insertion = NonNullable<Awaited<ReturnType<typeof findInsertion>>>;

/** The ids waiting for the next cycle, oldest first. */
export async function queuedInsertionIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ id: crmInsertions.id })
    .from(crmInsertions)
    .where(eq(crmInsertions.status, 'queued'))
    .orderBy(crmInsertions.id);
  return rows.map((row) => row.id);
}

/**
 * Moves an attempt from `from` (and, when given, from `version`) to `to` only if nobody moved it first (two
 * workers, a user clicking twice): the caller learns whether it won. Every move bumps the version, so a screen
 * that read the row before cannot act on it (docs/decisions/016). `attempted` counts an attempt and stamps its time.
 */
export async function moveInsertion(
  db: Executor,
  id: number,
  from: InsertionStatus,
  to: InsertionStatus,
  changes: { attempted?: Date; lastError?: string; creditNumber?: string; version?: number } = {},
): Promise<boolean> {
  const rows = await db
    .update(crmInsertions)
    .set({
      status: to,
      version: sql`${crmInsertions.version} + 1`,
      updatedAt: sql`now()`,
      ...(changes.attempted ? { attempts: sql`${crmInsertions.attempts} + 1`, lastDate: changes.attempted } : {}),
      ...(changes.lastError !== undefined ? { lastError: changes.lastError } : {}),
      ...(changes.creditNumber !== undefined ? { creditNumber: changes.creditNumber } : {}),
    })
    .where(
      and(
        eq(crmInsertions.id, id),
        eq(crmInsertions.status, from),
        changes.version === undefined ? undefined : eq(crmInsertions.version, changes.version),
      ),
    )
    .returning({ id: crmInsertions.id });
  return rows.length > 0;
}

export async function insertionState(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: crmInsertions.id,
      status: crmInsertions.status,
      version: crmInsertions.version,
      creditNumber: crmInsertions.creditNumber,
    })
    .from(crmInsertions)
    .where(eq(crmInsertions.id, id))
    .limit(1);
  return row as { id: number; status: InsertionStatus; version: number; creditNumber: string | null } | undefined;
}
