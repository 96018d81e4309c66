import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { REFINANCING_STATUS, type RefinancingListQuery } from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { evidences } from '../../db/schema/files';
import { crmInsertions, provisionUnits } from '../../db/schema/financing';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';
import { users } from '../../db/schema/users';
import { orderBy, type Window, pageWithCount } from '../../platform/listing';
import { accountScopeWhere } from '../organisation-lookups';
import { updateFinancedUnits } from '../financing';
import { refinancingHoldings } from '../credit-lines';
import type { RefinancingScope } from './policy';

export async function insertRefinancing(tx: Tx, values: typeof refinancings.$inferInsert) {
  const [row] = await tx.insert(refinancings).values(values).returning();
  return row!;
}

export async function insertRefinancingUnits(tx: Tx, values: (typeof refinancingUnits.$inferInsert)[]) {
  if (values.length === 0) return;
  await tx.insert(refinancingUnits).values(values);
}

/** The WHERE of the refinancings a scope reads (spec 3 §4 "Visibility"). */
export function refinancingScopeWhere(scope: RefinancingScope, statuses: readonly number[]): SQL | undefined {
  const visible = inArray(refinancings.status, [...statuses]);
  switch (scope.kind) {
    case 'lender':
      return and(
        visible,
        sql`${refinancings.accountId} in (select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope.accounts)})`,
      );
    case 'company':
      return and(visible, eq(refinancings.companyId, scope.companyId));
    default:
      return sql`false`;
  }
}

const shownFolio = sql<string>`case when ${refinancings.useManualFolio} and ${refinancings.manualFolio} is not null
  then ${refinancings.manualFolio} else ${refinancings.folio}::text end`;

const countUnits = sql<number>`(select count(*)::int from ${refinancingUnits} where ${refinancingUnits.refinancingId} = ${refinancings.id})`;

/** The filters both lists offer: the company, and the folio (the number or the manual folio, exactly). */
const listFilters = (query: { company?: number; folio?: string }) => [
  query.company === undefined ? undefined : eq(refinancings.companyId, query.company),
  query.folio === undefined
    ? undefined
    : sql`(${refinancings.folio}::text = ${query.folio} or (${refinancings.useManualFolio} and ${refinancings.manualFolio} = ${query.folio}))`,
];

export async function listRefinancings(
  db: Executor,
  scope: RefinancingScope,
  statuses: readonly number[],
  query: RefinancingListQuery,
  window: Window,
) {
  const where = and(refinancingScopeWhere(scope, statuses), ...listFilters(query));
  const order = orderBy(
    query.sort,
    'folio:asc',
    {
      folio: refinancings.folio,
      createdAt: refinancings.createdAt,
      total: refinancings.total,
      status: refinancings.status,
    },
    refinancings.id,
  );
  const base = () =>
    db
      .select({
        id: refinancings.id,
        folio: shownFolio,
        status: refinancings.status,
        total: refinancings.total,
        companyId: refinancings.companyId,
        companyName: companies.name,
        countUnits,
        requireEvidences: refinancings.requireEvidences,
        createdAt: refinancings.createdAt,
      })
      .from(refinancings)
      .innerJoin(companies, eq(companies.id, refinancings.companyId))
      .where(where)
      .orderBy(...order);
  return pageWithCount(base(), window, db.select({ n: count() }).from(refinancings).where(where));
}

export async function findRefinancing(db: Executor, scope: RefinancingScope, statuses: readonly number[], id: number) {
  const [row] = await db
    .select({
      refinancing: refinancings,
      companyName: companies.name,
      clientId: companies.clientId,
      agencyName: agencies.name,
      legalName: sql<
        string | null
      >`case when ${users.id} is null then null else trim(${users.firstname} || ' ' || ${users.lastname}) end`,
    })
    .from(refinancings)
    .innerJoin(companies, eq(companies.id, refinancings.companyId))
    .leftJoin(agencies, eq(agencies.id, refinancings.agencyId))
    .leftJoin(users, eq(users.id, refinancings.legalId))
    .where(and(refinancingScopeWhere(scope, statuses), eq(refinancings.id, id)))
    .limit(1);
  if (!row) return undefined;
  const units = await db
    .select()
    .from(refinancingUnits)
    .where(eq(refinancingUnits.refinancingId, id))
    .orderBy(refinancingUnits.vinNumber, refinancingUnits.id);
  return { ...row, units };
}

/**
 * What this refinancing itself holds on its line, exact ('441900.00'): the credit lines' own fragment
 * (`refinancingHoldings`) asked for this refinancing, so its detail can show the line's balances beside every other
 * hold as its create page did (issue 26).
 */
export async function heldByRefinancing(db: Executor, refinancingId: number): Promise<string> {
  const result = await db.execute<{ held: string }>(sql`
    select coalesce(sum(held.amount), 0)::numeric(14, 2)::text as held
    from (${refinancingHoldings(sql`${refinancings.id} = ${refinancingId}`)}) as held`);
  return result.rows[0]?.held ?? '0.00';
}

/** How many evidences each unit of the refinancing holds (evidences.refinancing_unit_id); a unit without any is absent. */
export async function evidenceCounts(db: Executor, refinancingId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ unitId: refinancingUnits.id, n: sql<number>`count(${evidences.id})::int` })
    .from(refinancingUnits)
    .innerJoin(evidences, eq(evidences.refinancingUnitId, refinancingUnits.id))
    .where(eq(refinancingUnits.refinancingId, refinancingId))
    .groupBy(refinancingUnits.id);
  return new Map(rows.map((row) => [row.unitId, row.n]));
}

/** The refinancing's units, locked for the rest of `tx` (sorted by id). */
export async function lockUnitsOf(tx: Tx, refinancingId: number) {
  return tx
    .select()
    .from(refinancingUnits)
    .where(eq(refinancingUnits.refinancingId, refinancingId))
    .orderBy(refinancingUnits.id)
    .for('update');
}

/** The administrator's verdict on one unit ('Las evidencias son correctas?') and the checks it saw. */
export async function setUnitReview(
  tx: Tx,
  unitId: number,
  values: {
    status: number;
    comment: string;
    validAx?: boolean | null;
    validRepuve?: boolean | null;
    validTransunion?: boolean | null;
  },
) {
  await tx.update(refinancingUnits).set(values).where(eq(refinancingUnits.id, unitId));
}

export async function setUnitComment(tx: Tx, unitId: number, comment: string) {
  await tx.update(refinancingUnits).set({ comment }).where(eq(refinancingUnits.id, unitId));
}

/** Units the operator did not tick leave the refinancing (their evidences go with them; decision 045). */
export async function deleteUnits(tx: Tx, unitIds: number[]) {
  if (unitIds.length === 0) return;
  await tx.delete(refinancingUnits).where(inArray(refinancingUnits.id, unitIds));
}

/**
 * Decision 057: the financed units copied into an authorised refinancing are refinanceable no more (the layout's
 * `can_refinance` cleared, each unit's version bumped), so the available list and the create leave them out until a
 * new layout marks them again. Returns how many units changed.
 */
export async function useUpRefinancedUnits(tx: Executor, refinancingId: number): Promise<number> {
  const copied = tx
    .select({ id: refinancingUnits.sourceUnitId })
    .from(refinancingUnits)
    .where(eq(refinancingUnits.refinancingId, refinancingId));
  return updateFinancedUnits(tx, { canRefinance: false }, inArray(provisionUnits.id, copied));
}

/**
 * Enviar a CRM (decision 046): one queued insertion per refinancing unit, naming the financed unit it copies and
 * that unit's provision; the insertion cycle sends it with the refinancing's line, folio, term, date and amount.
 */
export async function queueCrmInsertions(
  tx: Executor,
  refinancingId: number,
  now: Date,
  /** Liberar writes 'released' rows: held until the CRM lists them (decision 055), never taken by the cycle. */
  status: 'queued' | 'released' = 'queued',
): Promise<number> {
  const rows = await tx.execute<{ id: number }>(sql`
    insert into ${crmInsertions} (unit_id, provision_id, refinancing_unit_id, status, created_at, updated_at)
    select ${provisionUnits.id}, ${provisionUnits.provisionId}, ${refinancingUnits.id}, ${status}, ${now}, ${now}
    from ${refinancingUnits} join ${provisionUnits} on ${provisionUnits.id} = ${refinancingUnits.sourceUnitId}
    where ${refinancingUnits.refinancingId} = ${refinancingId}
    returning id`);
  return rows.rows.length;
}

/**
 * GET /refinancings/review (type 2): the refinancings at 3 that wait for the administrator — evidences required and
 * not validated yet — in its scope; filters company and folio; sorted by folio.
 */
export async function reviewList(
  db: Executor,
  scope: RefinancingScope,
  query: { company?: number; folio?: string; sort?: string },
  window: Window,
) {
  const where = and(
    refinancingScopeWhere(scope, [REFINANCING_STATUS.ADMIN_VALIDATION]),
    eq(refinancings.requireEvidences, true),
    eq(refinancings.adminValidated, false),
    ...listFilters(query),
  );
  const order = orderBy(
    query.sort,
    'folio:asc',
    { folio: refinancings.folio, createdAt: refinancings.createdAt, total: refinancings.total },
    refinancings.id,
  );
  const base = () =>
    db
      .select({
        id: refinancings.id,
        folio: shownFolio,
        companyName: companies.name,
        total: refinancings.total,
        countUnits,
        createdAt: refinancings.createdAt,
        version: refinancings.version,
      })
      .from(refinancings)
      .innerJoin(companies, eq(companies.id, refinancings.companyId))
      .where(where)
      .orderBy(...order);
  return pageWithCount(base(), window, db.select({ n: count() }).from(refinancings).where(where));
}
