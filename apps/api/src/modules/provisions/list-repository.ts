import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { provisionFolioIs } from '../../db/query-parts';
import { provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { pageInOneStatement, pageOfShape } from '../../platform/list-statements';
import { LENDER_ESTIMATE_FROM, containsPattern, withinDays, type Window } from '../../platform/listing';
import type { ProvisionScope } from './policy';
import { scopeShape } from './scope-shape';
import { provisionScopeWhere, shownFolio, unitCount } from './repository';

/** The provisions list (GET /api/provisions, decisions 025, 050, 052): its filters, sort, scope shapes and page. */
export type ProvisionListFilters = {
  folio?: string;
  companyName?: string;
  agency?: number;
  registerBy?: number;
  status?: number[];
  from?: string;
  to?: string;
  creditLine?: string;
  account?: number;
  company?: number;
};

export const provisionSortFields = {
  createdAt: provisions.createdAt,
  folio: provisions.folio,
  total: provisions.total,
  countUnits: unitCount,
  status: provisions.status,
};

function listWhere(scope: ProvisionScope, filters: ProvisionListFilters): SQL {
  const folio = filters.folio;
  return and(
    provisionScopeWhere(scope),
    // Written as the list's partial indexes' predicate, not a parameter: the list runs as a prepared statement
    // (decision 050), and a generic plan may use a partial index only when its WHERE implies the index's.
    sql`not ${provisions.isArchived}`,
    folio === undefined ? undefined : provisionFolioIs(folio),
    filters.companyName
      ? sql`${provisions.companyId} in (select ${companies.id} from ${companies} where ${ilike(companies.name, containsPattern(filters.companyName))})`
      : undefined,
    filters.agency === undefined ? undefined : eq(provisions.agencyId, filters.agency),
    filters.registerBy === undefined ? undefined : eq(provisions.registerBy, filters.registerBy),
    filters.status?.length ? inArray(provisions.status, filters.status) : undefined,
    ...withinDays(provisions.createdAt, filters.from, filters.to),
    filters.creditLine === undefined ? undefined : eq(provisions.creditLine, filters.creditLine),
    filters.account === undefined ? undefined : eq(provisions.accountId, filters.account),
    filters.company === undefined ? undefined : eq(provisions.companyId, filters.company),
  )!;
}

/**
 * One page of the list in one statement (decisions 025, 050): the page's ids from `provisions` alone, in the sort's
 * index order — skipped rows cost an index entry, not four joins — those rows with their names, and the capped
 * count, all in one round trip. `estimateFirst` where the planner estimates the WHERE from statistics (decision 050).
 */
export async function listProvisions(
  db: Executor,
  scope: ProvisionScope,
  filters: ProvisionListFilters,
  window: NonNullable<Window>,
  order: SQL[],
  /** The sort as `field:direction`, naming `order` (an unfiltered list's statement is kept per sort). */
  sortKey: string,
) {
  const shape = unfiltered(filters) ? scopeShape(scope) : undefined;
  if (shape) {
    return pageOfShape(
      db,
      {
        key: `provisions:${shape.key}:${sortKey}`,
        table: provisions,
        id: provisions.id,
        where: listWhere(shape.scope, {}),
        valuedWhere: () => listWhere(scope, {}),
        values: shape.values,
        order,
        window,
        estimateFirst: scope.kind === 'lender',
        estimateFrom: LENDER_ESTIMATE_FROM,
        // An operator reaches a handful of accounts or a hundred: planned with its own values (decision 052).
        plannedPerCaller: scope.kind === 'lender' && scope.accounts.kind === 'operated',
      },
      listRows(db, order),
    );
  }
  return pageInOneStatement(
    db,
    {
      table: provisions,
      id: provisions.id,
      where: listWhere(scope, filters),
      order,
      window,
      estimateFirst: scope.kind === 'lender' && !filters.companyName,
      estimateFrom: LENDER_ESTIMATE_FROM,
      // A dealer's list reads one company through an index led by it, whatever its size: one plan fits every dealer.
      prepared: scope.kind === 'dealer',
    },
    listRows(db, order),
  );
}

const FILTER_KEYS = [
  'folio',
  'companyName',
  'agency',
  'registerBy',
  'status',
  'from',
  'to',
  'creditLine',
  'account',
  'company',
] as const satisfies readonly (keyof ProvisionListFilters)[];
/** Every filter listed: one added to ProvisionListFilters but not here would be ignored by the unfiltered shape. */
const everyFilterListed: Exclude<keyof ProvisionListFilters, (typeof FILTER_KEYS)[number]> extends never
  ? true
  : never = true;
void everyFilterListed;

/** No filter given: the list's first screen, the one asked for most. */
const unfiltered = (filters: ProvisionListFilters) =>
  FILTER_KEYS.every((key) => {
    const value = filters[key];
    return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  });

/**
 * The names of a listed provision as scalar subqueries on their primary keys, not left joins: the same rows, and
 * PostgreSQL plans a two-relation query instead of searching the join orders of five — 0.72 → 0.42 ms of planning
 * on every request of a list planned per caller (decision 052). Table names written out, as in `unitCount`.
 */
const listedCompanyName = sql<string | null>`(select "name" from "companies" as "named_company"
  where "named_company"."id" = "provisions"."company_id")`;
const listedOperatorName = sql<string | null>`(select "firstname" || ' ' || "lastname" from "users" as "named_user"
  where "named_user"."id" = "provisions"."register_by")`;
const listedAgencyName = sql<string | null>`(select "name" from "agencies" as "named_agency"
  where "named_agency"."id" = "provisions"."agency_id")`;

/** The list's columns for the page's rows (`inPage`), in the list's order. */
function listRows(db: Executor, order: SQL[]) {
  return (inPage: SQL, extra: { pageTotal?: SQL<number> }) =>
    db
      .select({
        id: provisions.id,
        folio: shownFolio,
        status: provisions.status,
        companyName: listedCompanyName,
        operatorName: listedOperatorName,
        agencyName: listedAgencyName,
        typeLine: provisions.typeLine,
        total: provisions.total,
        countUnits: unitCount,
        createdAt: provisions.createdAt,
        version: provisions.version,
        ...extra,
      })
      .from(provisions)
      .where(inPage)
      .orderBy(...order);
}
