import { and, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { userAgencies, userCompanies } from '../../db/schema/assignments';
import { companies } from '../../db/schema/organisation';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/client';
import {
  containsPattern,
  countWithCap,
  dayText,
  textKey,
  withinDays,
  type Counted,
  type Window,
} from '../../platform/listing';
import { statementName, statementOfShape } from '../../platform/list-statements';
import { companyColumns, operatedBy } from '../organisation-lookups';
import type { UserScope } from './policy';

export const userColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  additionalEmails: users.additionalEmails,
  phone: users.phone,
  type: users.type,
  roleId: users.roleId,
  accountId: users.accountId,
  companyId: users.companyId,
  agencyId: users.agencyId,
  registerBy: users.registerBy,
  isActive: users.isActive,
  version: users.version,
  createdAt: dayText(users.createdAt),
  roleName: roles.name,
};

export type UserRow = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  additionalEmails: string;
  phone: string;
  type: number;
  roleId: number | null;
  accountId: number | null;
  companyId: number | null;
  agencyId: number | null;
  registerBy: number | null;
  isActive: boolean;
  version: number;
  /** YYYY-MM-DD, Mexico City. */
  createdAt: string;
  roleName: string | null;
};

const fullName = sql`(${users.firstname} || ' ' || ${users.lastname})`;

/** Sortable fields of the users list (spec 1 §2.5 columns; default email ascending, spec 1 §9). */
export const userSortFields = {
  // Stored lower-case (check users_email_lower_case): by code point it is lower(email)'s order, and the bare column
  // lets the list read its ids from the (email collate "C", id) index alone (migration 0012).
  email: sql`${users.email} collate "C"`,
  name: textKey(fullName),
  firstname: textKey(users.firstname),
  lastname: textKey(users.lastname),
  // A subquery, not the joined column: the page's ids are read from users alone (see listUsers).
  role: sql`(select ${textKey(roles.name)} from ${roles} where ${roles.id} = ${users.roleId})`,
  type: users.type,
  createdAt: users.createdAt,
  isActive: users.isActive,
};

const assignedToCompany = (companyId: number) =>
  sql`exists (select 1 from ${userCompanies} where ${userCompanies.userId} = ${users.id} and ${userCompanies.companyId} = ${companyId})`;
const assignedToAgency = (agencyId: number) =>
  sql`exists (select 1 from ${userAgencies} where ${userAgencies.userId} = ${users.id} and ${userAgencies.agencyId} = ${agencyId})`;
/** A user belongs to a company when it is their active company or one assigned to them. */
const inCompany = (companyId: number) => or(eq(users.companyId, companyId), assignedToCompany(companyId))!;

export function scopeWhere(scope: UserScope): SQL {
  const live = eq(users.isArchived, false);
  switch (scope.kind) {
    case 'all':
      return live;
    case 'registered':
      return and(live, eq(users.registerBy, scope.by))!;
    case 'operated-accounts':
      // The accounts it operates today, read in the same statement (decision 064); `= any(array(…))` rather than
      // `in (…)`: the accounts are read first, so the users are found by the account index.
      return and(live, sql`${users.accountId} = any(array(${operatedBy({ by: scope.operator, levels: 0 })}))`)!;
    case 'company':
      return and(live, eq(users.accountId, scope.accountId), inCompany(scope.companyId))!;
    case 'none':
      return sql`false`;
  }
}

export type UserFilters = {
  name?: string;
  email?: string;
  registerBy?: number;
  account?: number;
  company?: number;
  agency?: number;
  role?: number;
  from?: string;
  to?: string;
};

function filterWhere(filters: UserFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.name) where.push(sql`${fullName} ilike ${containsPattern(filters.name)}`);
  if (filters.email) where.push(ilike(users.email, containsPattern(filters.email)));
  if (filters.registerBy !== undefined) where.push(eq(users.registerBy, filters.registerBy));
  if (filters.account !== undefined) where.push(eq(users.accountId, filters.account));
  if (filters.company !== undefined) where.push(inCompany(filters.company));
  if (filters.agency !== undefined) {
    where.push(or(eq(users.agencyId, filters.agency), assignedToAgency(filters.agency))!);
  }
  if (filters.role !== undefined) where.push(eq(users.roleId, filters.role));
  where.push(...withinDays(users.createdAt, filters.from, filters.to));
  return where;
}

/**
 * Whether the planner's estimate of this list's rows is good enough to answer instead of counting (decision 028):
 * every condition is on a column with statistics, except a company or branch (the caller's, or a filter), which
 * is an `exists` over the assignments — a correlated subquery PostgreSQL estimates as half the table.
 */
function plannerEstimates(scope: UserScope, filters: UserFilters): boolean {
  return scope.kind !== 'company' && filters.company === undefined && filters.agency === undefined;
}

/**
 * One page of the users list and its total. The page's ids come first from the sort's index alone (an index-only
 * scan of `(lower(email), id)` and its kin, migration 0012), so a deep OFFSET skips index entries rather than
 * whole rows joined to their roles; then only those rows are read. The total is capped (countWithCap), or estimated first where the planner can.
 */
export async function listUsers(
  db: Executor,
  scope: UserScope,
  filters: UserFilters,
  window: Window,
  order: SQL[],
  /** The sort as `field:direction`, naming `order` (the statement of an unfiltered list is kept per sort). */
  sortKey: string,
): Promise<{ rows: UserRow[] } & Counted> {
  if (scope.kind === 'all' && window && Object.values(filters).every((value) => value === undefined)) {
    return everyoneUnfiltered(db, window, order, sortKey);
  }
  const where = and(scopeWhere(scope), ...filterWhere(filters));
  // From users alone (no join, even one the planner would remove): only then is the scan index-only.
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order);
  const pageIds = window ? ids.limit(window.limit).offset(window.offset) : ids;
  const [rows, counted] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(inArray(users.id, pageIds))
      .orderBy(...order),
    countWithCap(
      db,
      db
        .select({ one: sql`1` })
        .from(users)
        .where(where),
      { estimateFirst: plannerEstimates(scope, filters) },
    ),
  ]);
  return { rows, ...counted };
}

/**
 * The lender's busiest page — everyone, unfiltered, a page at a time (type 1) — as one statement per sort, built
 * once and prepared by name (decision 052): every value is a placeholder, and one plan suits every caller because
 * the scope has no caller in it. The rows and the total are those of the general path.
 */
async function everyoneUnfiltered(
  db: Executor,
  window: NonNullable<Window>,
  order: SQL[],
  sortKey: string,
): Promise<{ rows: UserRow[] } & Counted> {
  const where = scopeWhere({ kind: 'all' });
  const page = statementOfShape(db, `users:all:${sortKey}`, () => {
    const pageIds = db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const query = db
      .select(userColumns)
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(inArray(users.id, pageIds))
      .orderBy(...order);
    return query.prepare(statementName(query.toSQL().sql));
  });
  const countable = statementOfShape(db, 'users:all:count', () =>
    db
      .select({ one: sql`1` })
      .from(users)
      .where(where),
  );
  const [rows, counted] = await Promise.all([
    page.execute(window),
    countWithCap(db, countable, { estimateFirst: true, key: 'users:all' }),
  ]);
  return { rows, ...counted };
}

/** A user inside the scope, or undefined. `lock` holds the user's row (not the role's) until the transaction ends. */
export async function findUser(
  db: Executor,
  scope: UserScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db
    .select(userColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), scopeWhere(scope)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: users }) : await query;
  return row;
}

/** Whether the (lower-case) e-mail belongs to anyone else, archived users included: it stays their sign-in. */
export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export type UserValues = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  additionalEmails: string;
  roleId: number;
  accountId: number | null;
  companyId: number | null;
  agencyId: number | null;
};

export async function insertUser(
  tx: Executor,
  value: UserValues & { type: number; registerBy: number },
): Promise<number> {
  const [row] = await tx.insert(users).values(value).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(tx: Executor, id: number, set: Partial<UserValues & { isActive: boolean }>) {
  await tx.update(users).set(set).where(eq(users.id, id));
}

/** Assigns a company to a dealer with the role it holds there (spec 2 §6), or updates that role. */
export async function assignCompany(
  tx: Executor,
  value: { userId: number; companyId: number; accountId: number; roleId: number; isDefault: boolean },
): Promise<void> {
  await tx
    .insert(userCompanies)
    .values(value)
    .onConflictDoUpdate({ target: [userCompanies.userId, userCompanies.companyId], set: { roleId: value.roleId } });
}

export async function assignAgency(tx: Executor, userId: number, agencyId: number, accountId: number): Promise<void> {
  await tx.insert(userAgencies).values({ userId, agencyId, accountId }).onConflictDoNothing();
}

/** Every company assigned to the user, by name. */
export async function companiesOfUser(db: Executor, userId: number) {
  return db
    .select(companyColumns)
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(userCompanies.userId, userId))
    .orderBy(companies.name, companies.id);
}
