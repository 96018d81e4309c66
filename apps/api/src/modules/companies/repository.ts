import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isLiveDealerOf, userSummaryColumns } from '../../db/query-parts';
import { userAgencies, userCompanies } from '../../db/schema/assignments';
import { exceptions } from '../../db/schema/exceptions';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import {
  containsPattern,
  dayText,
  pageWithTotal,
  textKey,
  windowed,
  withinDays,
  type Window,
} from '../../platform/listing';
import type { AccountScope } from '../organisation-lookups';
import { accountScopeWhere, companyColumns } from '../organisation-lookups';

export const companySortFields = {
  name: textKey(companies.name),
  legalName: textKey(companies.legalName),
  createdAt: companies.createdAt,
};
export const companyUserSortFields = { email: textKey(users.email), firstname: textKey(users.firstname) };
export const companyIdColumn = companies.id;
export const userIdColumn = users.id;

export type CompanyFilters = { name?: string; account?: number; from?: string; to?: string };

/** The companies of the accounts a scope reaches, with their account's name; one page and the total. */
export async function listCompanies(
  db: Executor,
  scope: AccountScope,
  filters: CompanyFilters,
  window: Window,
  order: SQL[],
) {
  const where = and(
    accountScopeWhere(scope),
    filters.name ? ilike(companies.name, containsPattern(filters.name)) : undefined,
    filters.account ? eq(companies.accountId, filters.account) : undefined,
    ...withinDays(companies.createdAt, filters.from, filters.to),
  );
  return pageWithTotal(
    db,
    db
      .select({
        ...companyColumns,
        accountName: accounts.name,
        createdAt: dayText(companies.createdAt),
      })
      .from(companies)
      .innerJoin(accounts, eq(accounts.id, companies.accountId))
      .where(where)
      .orderBy(...order),
    db
      .select({ one: sql`1` })
      .from(companies)
      .innerJoin(accounts, eq(accounts.id, companies.accountId))
      .where(where),
    window,
  );
}
export type CompanyRow = Awaited<ReturnType<typeof listCompanies>>['rows'][number];

/** The company's latest exception request, if any. */
export async function latestException(db: Executor, companyId: number) {
  const [row] = await db
    .select({
      id: exceptions.id,
      folio: exceptions.folio,
      status: exceptions.status,
      isApproved: exceptions.isApproved,
      comment: exceptions.comment,
      createdAt: exceptions.createdAt,
    })
    .from(exceptions)
    .where(eq(exceptions.companyId, companyId))
    .orderBy(desc(exceptions.createdAt), desc(exceptions.id))
    .limit(1);
  return row;
}
export type ExceptionRow = NonNullable<Awaited<ReturnType<typeof latestException>>>;

/** The company's branches, active ones first, by name. */
export function agenciesOfCompany(db: Executor, companyId: number) {
  return db
    .select({ id: agencies.id, name: agencies.name, address: agencies.address, isActive: agencies.isActive })
    .from(agencies)
    .where(eq(agencies.companyId, companyId))
    .orderBy(sql`${agencies.isActive} desc`, textKey(agencies.name), agencies.id);
}

/** The company's live users, by e-mail. */
export function peopleOfCompany(db: Executor, companyId: number) {
  return db
    .select(userSummaryColumns)
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(and(eq(userCompanies.companyId, companyId), eq(users.isArchived, false)))
    .orderBy(textKey(users.email), users.id);
}

/** Which of the company's branches each of `userIds` is assigned to, by branch name. */
export function agencyLinks(db: Executor, companyId: number, userIds: number[]) {
  return db
    .select({ userId: userAgencies.userId, id: agencies.id, name: agencies.name })
    .from(userAgencies)
    .innerJoin(agencies, eq(agencies.id, userAgencies.agencyId))
    .where(and(eq(agencies.companyId, companyId), inArray(userAgencies.userId, userIds)))
    .orderBy(textKey(agencies.name));
}

/** The company's live users with their assignment's role; one page and the total. */
export async function listCompanyUsers(db: Executor, companyId: number, window: Window, order: SQL[]) {
  const where = and(eq(userCompanies.companyId, companyId), eq(users.isArchived, false));
  const base = db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      isDefault: userCompanies.isDefault,
      role: roles.name,
    })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .leftJoin(roles, eq(roles.id, userCompanies.roleId))
    .where(where)
    .orderBy(...order);
  const rows = await windowed(base, window);
  const [counted] = await db
    .select({ n: count() })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(where);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * A live user of type 4 or 5 that `registerBy` registered, of the company's account: a dealer user belongs to one
 * account (docs/decisions/024), so an operator of two groups cannot put one group's dealer on the other's company.
 */
export async function findAssignableUser(db: Executor, userId: number, registerBy: number, accountId: number) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isLiveDealerOf(userId, accountId), eq(users.registerBy, registerBy)))
    .limit(1);
  return user;
}

/** An active role of type 4 or 5. */
export async function findDealerRole(db: Executor, roleId: number) {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), inArray(roles.type, [4, 5]), eq(roles.isActive, true)))
    .limit(1);
  return role;
}

/** Assigns a user to a company; false when it already was. */
export async function assignUser(
  db: Executor,
  values: { userId: number; companyId: number; accountId: number; roleId: number },
) {
  const added = await db
    .insert(userCompanies)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: userCompanies.userId });
  return added.length > 0;
}

/** Is the company assigned to the user, within the user's own account (decision 024)? */
export async function isAssignedTo(db: Executor, userId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userCompanies.userId })
    .from(userCompanies)
    .innerJoin(users, and(eq(users.id, userCompanies.userId), eq(users.accountId, userCompanies.accountId)))
    .where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

export async function findAssignment(db: Executor, companyId: number, userId: number) {
  const [row] = await db
    .select({ isDefault: userCompanies.isDefault })
    .from(userCompanies)
    .where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Ends the assignment and every access it gave, at once (issue 14 §2.2): the user's branches of that company go
 * with it, and an active company or branch that was this company's moves to another company still assigned to the
 * user (of its own account, by name), or to none. Scopes read the assignment table, so nothing else lingers.
 */
export async function removeAssignment(db: Executor, companyId: number, userId: number) {
  await db.delete(userCompanies).where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.userId, userId)));
  const branches = db.select({ id: agencies.id }).from(agencies).where(eq(agencies.companyId, companyId));
  await db.delete(userAgencies).where(and(eq(userAgencies.userId, userId), inArray(userAgencies.agencyId, branches)));
  await db
    .update(users)
    .set({ agencyId: null })
    .where(and(eq(users.id, userId), inArray(users.agencyId, branches)));
  const [next] = await db
    .select({ id: companies.id })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .innerJoin(companies, and(eq(companies.id, userCompanies.companyId), eq(companies.accountId, users.accountId)))
    .where(eq(userCompanies.userId, userId))
    .orderBy(desc(companies.isActive), asc(companies.name), asc(companies.id))
    .limit(1);
  const [moved] = await db
    .update(users)
    .set({ companyId: next?.id ?? null })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .returning({ companyId: users.companyId });
  return { companyId: moved ? moved.companyId : undefined };
}
