import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { audits } from './schema/audits';
import { provisions } from './schema/financing';
import { users } from './schema/users';

// Pieces of queries that several modules spell the same way, written once so that they cannot drift apart. Each
// module still owns its queries: these only name a condition or a projection over the schema.

/** Who a user is, as lists and the session show it. */
export const userSummaryColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  type: users.type,
};

/** User `userId` if it is a dealer (type 4 or 5) of account `accountId`, not archived: the users a company or branch can hold. */
export function isLiveDealerOf(userId: number, accountId: number): SQL {
  return and(
    eq(users.id, userId),
    eq(users.accountId, accountId),
    inArray(users.type, [4, 5]),
    eq(users.isArchived, false),
  )!;
}

/**
 * The company's audits that suspend its provisions panel on `day` (YYYY-MM-DD, both ends inclusive): the eligibility
 * check's "audits in progress" (spec 3 §4 "Audit", "Disposition eligibility check").
 */
export function suspendingAuditsOn(companyId: number, day: string): SQL {
  return and(
    eq(audits.companyId, companyId),
    eq(audits.isSuspended, true),
    lte(audits.initialDate, day),
    gte(audits.endDate, day),
  )!;
}

/**
 * A provision whose folio is `folio`, or that uses a manual folio equal to it. A folio past PostgreSQL's integer
 * matches no provision's number (-1), rather than failing the query.
 */
export function provisionFolioIs(folio: string): SQL {
  return sql`(${provisions.folio} = ${Number(folio) <= 2_147_483_647 ? Number(folio) : -1}
          or (${provisions.useManualFolio} and ${provisions.manualFolio} = ${folio}))`;
}
