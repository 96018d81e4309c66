import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isLiveDealerOf } from '../../db/query-parts';
import { userAgencies } from '../../db/schema/assignments';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { dayText, textKey, type Window, pageWithCount } from '../../platform/listing';
import { agencyScopeWhere } from '../organisation-lookups';
import type { AgencyScope } from '../organisation-lookups';

const branchColumns = {
  id: agencies.id,
  name: agencies.name,
  address: agencies.address,
  description: agencies.description,
  accountId: agencies.accountId,
  accountName: accounts.name,
  companyId: agencies.companyId,
  companyName: companies.name,
  isActive: agencies.isActive,
  createdAt: dayText(agencies.createdAt),
};
export async function findBranch(db: Executor, scope: AgencyScope, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select(branchColumns)
    .from(agencies)
    .innerJoin(accounts, eq(accounts.id, agencies.accountId))
    .innerJoin(companies, eq(companies.id, agencies.companyId))
    .where(and(eq(agencies.id, id), eq(accounts.isArchived, false), agencyScopeWhere(scope)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: agencies }) : await query;
  return row;
}

export type BranchRow = NonNullable<Awaited<ReturnType<typeof findBranch>>>;

/** Is `companyId` a company of `accountId`? (The form's two dropdowns must agree.) */
export async function companyBelongsTo(db: Executor, companyId: number, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.accountId, accountId)))
    .limit(1);
  return row !== undefined;
}

export type BranchValues = { name: string; address: string; accountId: number; companyId: number };

export async function insertBranch(tx: Executor, values: BranchValues, registerBy: number): Promise<number> {
  // spec 2 §3: the screens send description as a single space; we keep it empty.
  const [row] = await tx
    .insert(agencies)
    .values({ ...values, description: '', registerBy })
    .returning({ id: agencies.id });
  return row!.id;
}

export async function updateBranch(tx: Executor, id: number, values: BranchValues): Promise<void> {
  await tx.update(agencies).set(values).where(eq(agencies.id, id));
}

export async function setBranchActive(tx: Executor, id: number, active: boolean): Promise<void> {
  await tx.update(agencies).set({ isActive: active }).where(eq(agencies.id, id));
}

export const branchUserSortFields = {
  email: textKey(users.email),
  firstname: textKey(users.firstname),
  lastname: textKey(users.lastname),
};

export async function listBranchUsers(db: Executor, branchId: number, window: Window, order: SQL[]) {
  const where = and(eq(userAgencies.agencyId, branchId), eq(users.isArchived, false));
  const query = db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(userAgencies)
    .innerJoin(users, eq(users.id, userAgencies.userId))
    .where(where)
    .orderBy(...order);
  return pageWithCount(
    query,
    window,
    db.select({ n: count() }).from(userAgencies).innerJoin(users, eq(users.id, userAgencies.userId)).where(where),
  );
}

/** A dealer (type 4 or 5) of the branch's account, not archived: the only users a branch can hold. */
export async function assignableUser(db: Executor, userId: number, accountId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(isLiveDealerOf(userId, accountId))
    .limit(1);
  return row;
}

export async function isAssigned(db: Executor, userId: number, branchId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userAgencies.userId })
    .from(userAgencies)
    .where(and(eq(userAgencies.userId, userId), eq(userAgencies.agencyId, branchId)))
    .limit(1);
  return row !== undefined;
}

export async function assign(tx: Executor, userId: number, branchId: number, accountId: number): Promise<boolean> {
  const rows = await tx
    .insert(userAgencies)
    .values({ userId, agencyId: branchId, accountId })
    .onConflictDoNothing()
    .returning({ userId: userAgencies.userId });
  return rows.length > 0;
}

export async function unassign(tx: Executor, userId: number, branchId: number): Promise<boolean> {
  const rows = await tx
    .delete(userAgencies)
    .where(and(eq(userAgencies.userId, userId), eq(userAgencies.agencyId, branchId)))
    .returning({ userId: userAgencies.userId });
  // The branch the user sat in goes with the assignment (issue 14 §2.2).
  await tx
    .update(users)
    .set({ agencyId: null })
    .where(and(eq(users.id, userId), eq(users.agencyId, branchId)));
  return rows.length > 0;
}
