import { and, asc, eq, ilike, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FinancedUnitEventKind } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { userCompanies } from '../../db/schema/assignments';
import { financedUnitEvents, financedUnits } from '../../db/schema/financed-units';
import { files } from '../../db/schema/files';
import { accounts } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { pageInOneStatement, pageOfShape, type PreparableRows } from '../../platform/list-statements';
import { LENDER_ESTIMATE_FROM, containsPattern, type Window } from '../../platform/listing';
import { accountScopeWhere } from '../organisation-lookups';
import { scopeShape, slot, type ProvisionScope } from '../provisions';
import {
  portfolioFiltersWhere,
  resolveAging,
  type PortfolioRegisterFilters,
  type PortfolioRegisterWhere,
} from './portfolio-filters';

/** The register's filters (the list's and the export's). */
export type FinancedUnitFilters = {
  vin?: string;
  company?: number;
  agency?: number;
  status?: number[];
  from?: string;
  to?: string;
  folio?: string;
} & PortfolioRegisterFilters & {
    /** The business day the aging and due filters count from (Mexico City). */
    today: string;
  };

/** The filters as the WHERE takes them: the aging bucket resolved to its release days. */
type RegisterWhere = Omit<FinancedUnitFilters, 'aging'> & PortfolioRegisterWhere;

/**
 * The provisions' scope (provisionScopeOf) on financed_units alone: lender types the accounts they reach, type 4 the
 * companies assigned to it, type 5 its company. Every released unit is at a status each type sees of its operation
 * (8 or 10), so the statuses of the scope do not narrow it further.
 */
export function financedUnitScopeWhere(scope: ProvisionScope): SQL {
  switch (scope.kind) {
    case 'lender':
      return sql`${financedUnits.accountId} in (select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope.accounts)})`;
    case 'legal':
      return sql`${financedUnits.companyId} in (select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${scope.userId})`;
    case 'dealer':
      return eq(financedUnits.companyId, scope.companyId);
    case 'none':
      return sql`false`;
  }
}

/** The operation's folio as users quote it, matched against either operation's manual folio too. */
function folioWhere(folio: string): SQL {
  const number = Number(folio) <= 2_147_483_647 ? Number(folio) : -1;
  return sql`(${financedUnits.folio} = ${number}
    or (${financedUnits.refinancingId} is null and ${financedUnits.provisionId} in
      (select "p"."id" from "provisions" as "p" where "p"."use_manual_folio" and "p"."manual_folio" = ${folio}))
    or ${financedUnits.refinancingId} in
      (select "r"."id" from "refinancings" as "r" where "r"."use_manual_folio" and "r"."manual_folio" = ${folio}))`;
}

function listWhere(scope: ProvisionScope, filters: RegisterWhere): SQL {
  return and(
    financedUnitScopeWhere(scope),
    filters.vin ? ilike(financedUnits.vin, containsPattern(filters.vin)) : undefined,
    filters.company === undefined ? undefined : eq(financedUnits.companyId, filters.company),
    filters.agency === undefined ? undefined : eq(financedUnits.agencyId, filters.agency),
    filters.status?.length ? inArray(financedUnits.status, filters.status) : undefined,
    filters.from ? sql`${financedUnits.releasedOn} >= ${filters.from}::date` : undefined,
    filters.to ? sql`${financedUnits.releasedOn} <= ${filters.to}::date` : undefined,
    filters.folio === undefined ? undefined : folioWhere(filters.folio),
    portfolioFiltersWhere(filters, filters.today),
  )!;
}

/**
 * The company's name as a sort key, written with its table names: the page's ids are read from financed_units alone,
 * where drizzle leaves columns unqualified.
 */
const companyNameKey = sql`(select lower("sorted_company"."name") collate "C" from "companies" as "sorted_company"
  where "sorted_company"."id" = "financed_units"."company_id")`;

export const financedUnitSortFields: Record<string, AnyColumn | SQL> = {
  releasedOn: financedUnits.releasedOn,
  endsOn: financedUnits.endsOn,
  vin: financedUnits.vin,
  amount: financedUnits.amount,
  status: financedUnits.status,
  companyName: companyNameKey,
  folio: financedUnits.folio,
};

/** The id, the sort's last key. */
export const financedUnitId = financedUnits.id;

/*
 * A row's names as scalar subqueries on primary keys, not joins: the same rows, and PostgreSQL plans a one-relation
 * query instead of searching the join orders of five — the register's lender statements are planned with each
 * caller's values (decision 052), and planning them cost more than running them. Table names written out: drizzle
 * leaves the outer columns unqualified.
 */
/** The folio users quote: the manual folio when the operation uses one. */
const shownFolio = sql<string>`case when "financed_units"."refinancing_id" is not null
  then (select case when "r"."use_manual_folio" and "r"."manual_folio" is not null then "r"."manual_folio"
    else "r"."folio"::text end from "refinancings" as "r" where "r"."id" = "financed_units"."refinancing_id")
  else (select case when "p"."use_manual_folio" and "p"."manual_folio" is not null then "p"."manual_folio"
    else "p"."folio"::text end from "provisions" as "p" where "p"."id" = "financed_units"."provision_id") end`;

const rowColumns = {
  id: financedUnits.id,
  vin: financedUnits.vin,
  brand: financedUnits.brand,
  model: financedUnits.model,
  description: financedUnits.description,
  companyId: financedUnits.companyId,
  companyName: sql<string>`(select "c"."name" from "companies" as "c" where "c"."id" = "financed_units"."company_id")`,
  agencyId: financedUnits.agencyId,
  agencyName: sql<string | null>`(select "a"."name" from "agencies" as "a"
    where "a"."id" = "financed_units"."agency_id")`,
  provisionId: financedUnits.provisionId,
  refinancingId: financedUnits.refinancingId,
  folio: shownFolio,
  creditLine: financedUnits.creditLine,
  creditNumber: financedUnits.creditNumber,
  amount: financedUnits.amount,
  releasedOn: financedUnits.releasedOn,
  term: financedUnits.term,
  endsOn: financedUnits.endsOn,
  status: financedUnits.status,
  soldAt: financedUnits.soldAt,
  payoffDueDate: financedUnits.payoffDueDate,
  paidAt: financedUnits.paidAt,
  balancePrincipal: financedUnits.balancePrincipal,
  balanceInterest: financedUnits.balanceInterest,
  balancePaidTotal: financedUnits.balancePaidTotal,
  nextCurtailmentDate: financedUnits.nextCurtailmentDate,
  nextCurtailmentAmount: financedUnits.nextCurtailmentAmount,
  balanceAsOf: financedUnits.balanceAsOf,
  version: financedUnits.version,
  soldEvidenceFileId: financedUnits.soldEvidenceFileId,
  soldReportedBy: sql<string | null>`(select "reporter"."firstname" || ' ' || "reporter"."lastname"
    from "users" as "reporter" where "reporter"."id" = "financed_units"."sold_reported_by")`,
};

/** The rows with their names, for the ids `where` picks, in `order` (`extra`: the page's total riding along). */
function rowsWithNames(db: Executor, where: SQL, order: SQL[], extra: { pageTotal?: SQL<number> } = {}) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(financedUnits)
    .where(where)
    .orderBy(...order);
}

export type FinancedUnitRow = Awaited<ReturnType<typeof rowsWithNames>>[number];

/**
 * One page of the register and its total in one statement (decision 050): the page's ids from financed_units alone in
 * the sort's index order, then those rows with their names. A page without a text search runs a statement built once
 * per shape (`registerShape`, decision 052); a VIN or folio search is built per request. The lender's total is the
 * planner's estimate past 1.5 times the cap where the WHERE is plain columns (status, company, release days, aging);
 * a VIN or folio search, a due window (an expression) or the audits' findings (a subquery) keep the count.
 */
export function listFinancedUnits(
  db: Executor,
  scope: ProvisionScope,
  filters: FinancedUnitFilters,
  window: NonNullable<Window>,
  order: SQL[],
  /** The sort as `field:direction`, naming `order`. */
  sortKey: string,
) {
  const where = resolveAging(filters, filters.today);
  const estimateFirst =
    scope.kind === 'lender' && !filters.vin && filters.folio === undefined && !filters.due && !filters.finding;
  const rowsOf = (inPage: SQL, extra: { pageTotal?: SQL<number> }) =>
    rowsWithNames(db, inPage, order, extra) as PreparableRows<FinancedUnitRow>;
  const shape = registerShape(scope, where);
  if (shape) {
    return pageOfShape(
      db,
      {
        key: `financed-units:${shape.key}:${sortKey}`,
        table: financedUnits,
        id: financedUnits.id,
        where: listWhere(shape.scope, shape.where),
        valuedWhere: () => listWhere(scope, where),
        values: shape.values,
        order,
        window,
        estimateFirst,
        estimateFrom: LENDER_ESTIMATE_FROM,
        // One plan suits every dealer and legal representative (their companies' units, through an index led by the
        // company) and the whole lender's or one account's; an operator's reach varies by orders of magnitude between
        // operators: planned with each request's values (decision 052).
        plannedPerCaller: scope.kind === 'lender' && scope.accounts.kind === 'operated',
      },
      rowsOf,
    );
  }
  return pageInOneStatement(
    db,
    {
      table: financedUnits,
      id: financedUnits.id,
      where: listWhere(scope, where),
      order,
      window,
      estimateFirst,
      estimateFrom: LENDER_ESTIMATE_FROM,
      prepared: scope.kind === 'dealer' || scope.kind === 'legal',
    },
    rowsOf,
  );
}

/** The filters bound as values in a shape's statement; a VIN or folio search (a text pattern) is planned per request. */
const SHAPED_FILTERS = ['company', 'agency', 'from', 'to', 'account', 'agingFrom', 'agingTo', 'within'] as const;

/**
 * The register's statement shape (decision 052): the scope's and the filters' values as placeholders, the key naming
 * what the text depends on (the scope's kind, the filters present, how many statuses, the due kind). Undefined for a
 * VIN or folio search, or a scope that reaches nothing.
 */
function registerShape(
  scope: ProvisionScope,
  filters: RegisterWhere,
): { key: string; scope: ProvisionScope; where: RegisterWhere; values: Record<string, unknown> } | undefined {
  if (filters.vin || filters.folio !== undefined) return undefined;
  const scoped = scopeShape(scope);
  if (!scoped) return undefined;
  // The filters' placeholders have names of their own: the scope's (`company` of a dealer, `account` of one
  // account's lender) must never take a filter's value.
  const named = (name: string) => `filter_${name}`;
  const where: RegisterWhere = { today: slot(named('today')), due: filters.due, finding: filters.finding };
  const values: Record<string, unknown> = { ...scoped.values, [named('today')]: filters.today };
  const present: string[] = [];
  for (const name of SHAPED_FILTERS) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    (where as Record<string, unknown>)[name] = slot(named(name));
    values[named(name)] = value;
    present.push(name);
  }
  const statuses = filters.status ?? [];
  if (statuses.length > 0) {
    where.status = statuses.map((_, i) => slot<number>(named(`status${i}`)));
    statuses.forEach((status, i) => (values[named(`status${i}`)] = status));
    present.push(`status${statuses.length}`);
  }
  if (filters.due) present.push(`due:${filters.due}`);
  if (filters.finding) present.push(`finding:${filters.finding}`);
  return { key: `${scoped.key}:${present.join(',')}`, scope: scoped.scope, where, values };
}

/** Every row the filters pick (up to `max`), in `order`: the export. */
export function allFinancedUnits(
  db: Executor,
  scope: ProvisionScope,
  filters: FinancedUnitFilters,
  order: SQL[],
  max: number,
): Promise<FinancedUnitRow[]> {
  return rowsWithNames(db, listWhere(scope, resolveAging(filters, filters.today)), order).limit(max);
}

/** One unit the scope reaches; undefined otherwise (404). */
export async function findFinancedUnit(db: Executor, scope: ProvisionScope, id: number) {
  const [row] = await rowsWithNames(db, and(eq(financedUnits.id, id), financedUnitScopeWhere(scope))!, []).limit(1);
  return row;
}

/** The unit's history, oldest first, with who acted. */
export async function historyOf(db: Executor, financedUnitId: number) {
  return db
    .select({
      id: financedUnitEvents.id,
      kind: sql<FinancedUnitEventKind>`${financedUnitEvents.kind}`,
      actorName: sql<string | null>`${users.firstname} || ' ' || ${users.lastname}`,
      at: financedUnitEvents.at,
      details: financedUnitEvents.details,
    })
    .from(financedUnitEvents)
    .leftJoin(users, eq(users.id, financedUnitEvents.actorId))
    .where(eq(financedUnitEvents.financedUnitId, financedUnitId))
    .orderBy(asc(financedUnitEvents.at), asc(financedUnitEvents.id));
}

/** The unit in scope, its row locked for a move; undefined when the scope does not reach it. */
export async function lockFinancedUnit(tx: Executor, scope: ProvisionScope, id: number) {
  const [row] = await tx
    .select({
      id: financedUnits.id,
      vin: financedUnits.vin,
      status: financedUnits.status,
      releasedOn: financedUnits.releasedOn,
      accountId: financedUnits.accountId,
      companyId: financedUnits.companyId,
      version: financedUnits.version,
    })
    .from(financedUnits)
    .where(and(eq(financedUnits.id, id), financedUnitScopeWhere(scope)))
    .for('update')
    .limit(1);
  return row;
}

/** Moves the unit to Vendida (por liquidar) if still at `version`; false when someone moved it first. */
export async function markSold(
  tx: Executor,
  id: number,
  version: number,
  sale: { soldAt: string; reportedBy: number; evidenceFileId: number | null; payoffDueDate: string; status: number },
  at: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .update(financedUnits)
    .set({
      status: sale.status,
      soldAt: sale.soldAt,
      soldReportedBy: sale.reportedBy,
      soldEvidenceFileId: sale.evidenceFileId,
      payoffDueDate: sale.payoffDueDate,
      version: sql`${financedUnits.version} + 1`,
      updatedAt: at,
    })
    .where(and(eq(financedUnits.id, id), eq(financedUnits.version, version)))
    .returning({ version: financedUnits.version });
  return row?.version;
}

/** Whether `fileId` is an upload of `userId`'s. */
export async function isOwnUpload(db: Executor, fileId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.uploadedBy, userId)))
    .limit(1);
  return row !== undefined;
}
