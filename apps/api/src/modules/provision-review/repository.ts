import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PROVISION_REVIEW_SORT_FIELDS, PROVISION_STATUS } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { provisionFolioIs } from '../../db/query-parts';
import { accountOperators } from '../../db/schema/assignments';
import { provisionUnits, provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { pageByIds } from '../../platform/list-statements';
import type { Window } from '../../platform/listing';
import type { AccountScope } from '../organisation-lookups';
import type { ProvisionScope } from '../provisions';
import { provisionScopeWhere, shownFolio, unitCount } from '../provisions';

/**
 * The review's reach (decision 034): provisions at Validación (3) of the accounts the administrator's scope reaches
 * (the operators it registered, decision 014), the provisions policy's own condition with the status pinned to 3.
 */
export const reviewScope = (accounts: AccountScope): ProvisionScope => ({
  kind: 'lender',
  accounts,
  statuses: [PROVISION_STATUS.LENDER_VALIDATION, PROVISION_STATUS.LENDER_VALIDATION],
});

export type ReviewListFilters = { folio?: string; operator?: number; account?: number; company?: number };

/** The account's FinBe operators (account_operators), by name: usually one; several are joined. */
const operatorNames = sql<string>`coalesce((select string_agg(${users.firstname} || ' ' || ${users.lastname}, ', '
  order by ${users.firstname}, ${users.lastname}) from ${accountOperators} inner join ${users}
  on ${users.id} = ${accountOperators.userId} where ${accountOperators.accountId} = "provisions"."account_id"), '')`;

/** The sortable keys the contract names (PROVISION_REVIEW_SORT_FIELDS), each to its column. */
export const reviewSortFields = {
  folio: provisions.folio,
  createdAt: provisions.createdAt,
  countUnits: unitCount,
} satisfies Record<(typeof PROVISION_REVIEW_SORT_FIELDS)[number], unknown>;

function listWhere(scope: ProvisionScope, filters: ReviewListFilters): SQL {
  const { folio } = filters;
  return and(
    provisionScopeWhere(scope),
    eq(provisions.isArchived, false),
    folio === undefined ? undefined : provisionFolioIs(folio),
    filters.operator === undefined
      ? undefined
      : sql`${provisions.accountId} in (select ${accountOperators.accountId} from ${accountOperators}
          where ${accountOperators.userId} = ${filters.operator})`,
    filters.account === undefined ? undefined : eq(provisions.accountId, filters.account),
    filters.company === undefined ? undefined : eq(provisions.companyId, filters.company),
  )!;
}

/** One page of the review list: the page's ids first (provisions alone), then their names (decision 025). */
export async function listReview(
  db: Executor,
  scope: ProvisionScope,
  filters: ReviewListFilters,
  window: NonNullable<Window>,
  order: SQL[],
) {
  return pageByIds(
    db,
    { table: provisions, id: provisions.id, where: listWhere(scope, filters), order, window },
    (ids) =>
      db
        .select({
          id: provisions.id,
          folio: shownFolio,
          companyName: companies.name,
          operatorName: operatorNames,
          typeLine: provisions.typeLine,
          countUnits: unitCount,
          createdAt: provisions.createdAt,
          version: provisions.version,
        })
        .from(provisions)
        .leftJoin(companies, eq(companies.id, provisions.companyId))
        .where(inArray(provisions.id, ids)),
  );
}

/** The provision's units, in entry order. */
export async function unitsOf(db: Executor, provisionId: number) {
  return db
    .select()
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, provisionId))
    .orderBy(asc(provisionUnits.id));
}

/** PostgreSQL takes at most 65,535 parameters a statement: reviews go in batches. */
const REVIEW_BATCH = 1000;

/**
 * Writes the units' reviews, one UPDATE … FROM (VALUES …) per batch; only units of `provisionId` (the service
 * checked them all first), each unit's version bumped.
 */
export async function writeUnitReviews(
  tx: Executor,
  provisionId: number,
  reviews: { id: number; status: number; comment: string; reviewAF: boolean }[],
): Promise<void> {
  for (let i = 0; i < reviews.length; i += REVIEW_BATCH) {
    const values = sql.join(
      reviews
        .slice(i, i + REVIEW_BATCH)
        .map((r) => sql`(${r.id}::int, ${r.status}::smallint, ${r.comment}::text, ${r.reviewAF}::boolean)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${provisionUnits} set status = v.status, comment = v.comment, review_af = v.review_af,
        version = ${provisionUnits.version} + 1
      from (values ${values}) as v(id, status, comment, review_af)
      where ${provisionUnits.id} = v.id and ${provisionUnits.provisionId} = ${provisionId}`);
  }
}
