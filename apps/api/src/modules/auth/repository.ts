import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { userCompanies } from '../../db/schema/assignments';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/client';
import { userSummaryColumns } from '../../db/query-parts';

const activeCompany = alias(companies, 'active_company');

/** The user with the names of their account, active company, branch and role (spec 1 §3). */
export async function findSessionUserRow(db: Executor, userId: number) {
  const [row] = await db
    .select({
      ...userSummaryColumns,
      companyId: users.companyId,
      account: { id: accounts.id, name: accounts.name },
      company: { id: activeCompany.id, name: activeCompany.name, clientId: activeCompany.clientId },
      agency: { id: agencies.id, name: agencies.name },
      role: { id: roles.id, name: roles.name },
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(activeCompany, eq(activeCompany.id, users.companyId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The active companies assigned to a user, of its own account (decision 024), by name. */
export async function findAssignedCompanies(db: Executor, userId: number) {
  return db
    .select({ id: companies.id, name: companies.name, clientId: companies.clientId })
    .from(userCompanies)
    .innerJoin(users, and(eq(users.id, userCompanies.userId), eq(users.accountId, userCompanies.accountId)))
    .innerJoin(companies, and(eq(companies.id, userCompanies.companyId), eq(companies.accountId, users.accountId)))
    .where(and(eq(userCompanies.userId, userId), eq(companies.isActive, true)))
    .orderBy(asc(companies.name), asc(companies.id));
}

export async function setActiveCompany(tx: Executor, userId: number, companyId: number): Promise<void> {
  await tx.update(users).set({ companyId }).where(eq(users.id, userId));
}
