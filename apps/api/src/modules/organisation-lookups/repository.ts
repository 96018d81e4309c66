import { and, eq, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { accountOperators } from '../../db/schema/assignments';
import { users } from '../../db/schema/users';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import type { Executor } from '../../db/client';
import { containsPattern, dayText, pageWithTotal, textKey, withinDays, type Window } from '../../platform/listing';
import type { AccountScope, AgencyScope } from './policy';

export type LookupFilters = { name?: string; active?: boolean };

const never = sql`false`;

/** The ids of the accounts an operated scope reaches, as a subquery (decision 014). */
export function operatedBy(scope: { by: number; levels: 0 | 1 }) {
  if (scope.levels === 0) {
    return sql`select ${accountOperators.accountId} from ${accountOperators} where ${accountOperators.userId} = ${scope.by}`;
  }
  // An administrator: the accounts of the operators it registered.
  const operators = sql`select ${users.id} from ${users} where ${users.registerBy} = ${scope.by}`;
  return sql`select ${accountOperators.accountId} from ${accountOperators} where ${accountOperators.userId} in (${operators})`;
}

/** The live accounts a scope reaches, as a condition on `accounts` (decision 008). */
export function accountScopeWhere(scope: AccountScope): SQL {
  // An archived account is gone for everyone (spec 2 §4).
  const live = eq(accounts.isArchived, false);
  switch (scope.kind) {
    case 'all':
      return live;
    case 'operated':
      return and(live, sql`${accounts.id} in (${operatedBy(scope)})`)!;
    case 'own':
      return and(live, eq(accounts.id, scope.accountId))!;
    case 'none':
      return never;
  }
}

function nameAndActive(name: AnyColumn, filters: LookupFilters, isActive: AnyColumn): SQL[] {
  const where: SQL[] = [];
  if (filters.name) where.push(ilike(name, containsPattern(filters.name)));
  if (filters.active !== undefined) where.push(eq(isActive, filters.active));
  return where;
}

export const accountColumns = {
  id: accounts.id,
  name: accounts.name,
  type: accounts.type,
  isActive: accounts.isActive,
};
export const accountSortFields = { name: textKey(accounts.name), type: accounts.type, createdAt: accounts.createdAt };

/** The list's row: the account with its operator (spec 2 §2 "Accounts": the assigned operator column). */
const accountListColumns = {
  ...accountColumns,
  email: accounts.email,
  createdAt: dayText(accounts.createdAt),
  operatorId: users.id,
  operatorFirstname: users.firstname,
  operatorLastname: users.lastname,
};

export type AccountListFilters = LookupFilters & {
  id?: number;
  type?: number;
  assigned?: number;
  from?: string;
  to?: string;
};

export async function listAccounts(
  db: Executor,
  scope: AccountScope,
  filters: AccountListFilters,
  window: Window,
  order: SQL[],
) {
  const where = and(
    accountScopeWhere(scope),
    ...nameAndActive(accounts.name, filters, accounts.isActive),
    filters.id === undefined ? undefined : eq(accounts.id, filters.id),
    filters.type === undefined ? undefined : eq(accounts.type, filters.type),
    filters.assigned === undefined ? undefined : eq(accountOperators.userId, filters.assigned),
    ...withinDays(accounts.createdAt, filters.from, filters.to),
  );
  const { rows, ...counted } = await pageWithTotal(
    db,
    db
      .select(accountListColumns)
      .from(accounts)
      .leftJoin(accountOperators, eq(accountOperators.accountId, accounts.id))
      .leftJoin(users, eq(users.id, accountOperators.userId))
      .where(where)
      .orderBy(...order),
    db
      .select({ one: sql`1` })
      .from(accounts)
      .leftJoin(accountOperators, eq(accountOperators.accountId, accounts.id))
      .where(where),
    window,
  );
  return {
    rows: rows.map(({ operatorId, operatorFirstname, operatorLastname, ...row }) => ({
      ...row,
      operator: operatorId === null ? null : { id: operatorId, name: `${operatorFirstname} ${operatorLastname}` },
    })),
    ...counted,
  };
}

export async function findAccount(db: Executor, scope: AccountScope, id: number) {
  const [row] = await db
    .select(accountColumns)
    .from(accounts)
    .where(and(eq(accounts.id, id), accountScopeWhere(scope)))
    .limit(1);
  return row;
}

/** The live companies a scope reaches, as a condition on `companies` alone (no join needed). */
export function companyScopeWhere(scope: AccountScope): SQL {
  return sql`${companies.accountId} in (select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope)})`;
}

/** One company, if the scope reaches it (its account live and in scope); undefined otherwise. */
export async function findCompanyInScope(db: Executor, scope: AccountScope, id: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, clientId: companies.clientId, accountId: companies.accountId })
    .from(companies)
    .where(and(eq(companies.id, id), companyScopeWhere(scope)))
    .limit(1);
  return row;
}

export const companyColumns = {
  id: companies.id,
  name: companies.name,
  legalName: companies.legalName,
  clientId: companies.clientId,
  accountId: companies.accountId,
  isActive: companies.isActive,
};
export const companySortFields = {
  name: textKey(companies.name),
  clientId: companies.clientId,
  createdAt: companies.createdAt,
};

export async function listCompaniesOfAccount(
  db: Executor,
  accountId: number,
  filters: LookupFilters,
  window: Window,
  order: SQL[],
) {
  const where = and(eq(companies.accountId, accountId), ...nameAndActive(companies.name, filters, companies.isActive));
  return pageWithTotal(
    db,
    db
      .select(companyColumns)
      .from(companies)
      .where(where)
      .orderBy(...order),
    db
      .select({ one: sql`1` })
      .from(companies)
      .where(where),
    window,
  );
}

export async function findCompany(db: Executor, id: number) {
  const [row] = await db.select(companyColumns).from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** The branches a scope reaches, as a WHERE on `agencies` (decision 008: scope in the SQL, foreign rows are 404). */
export function agencyScopeWhere(scope: AgencyScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'operated':
      return sql`${agencies.accountId} in (${operatedBy(scope)})`;
    case 'account':
      return eq(agencies.accountId, scope.accountId);
    case 'company':
      return and(eq(agencies.accountId, scope.accountId), eq(agencies.companyId, scope.companyId));
    case 'none':
      return never;
  }
}

export const agencyColumns = {
  id: agencies.id,
  name: agencies.name,
  accountId: agencies.accountId,
  companyId: agencies.companyId,
  isActive: agencies.isActive,
};
export const agencySortFields = {
  name: textKey(agencies.name),
  createdAt: agencies.createdAt,
  company: textKey(companies.name),
  account: textKey(accounts.name),
};

/** The list's row: the branch with its account's and company's names (spec 2 §2 "Branches" columns). */
const agencyListColumns = {
  ...agencyColumns,
  address: agencies.address,
  accountName: accounts.name,
  companyName: companies.name,
  createdAt: dayText(agencies.createdAt),
};

export async function listAgencies(
  db: Executor,
  scope: AgencyScope,
  filters: LookupFilters & { account?: number; company?: number; assigned?: number; from?: string; to?: string },
  window: Window,
  order: SQL[],
) {
  const where = and(
    eq(accounts.isArchived, false),
    agencyScopeWhere(scope),
    filters.account === undefined ? undefined : eq(agencies.accountId, filters.account),
    filters.company === undefined ? undefined : eq(agencies.companyId, filters.company),
    filters.assigned === undefined
      ? undefined
      : sql`${agencies.accountId} in (${operatedBy({ by: filters.assigned, levels: 0 })})`,
    ...nameAndActive(agencies.name, filters, agencies.isActive),
    ...withinDays(agencies.createdAt, filters.from, filters.to),
  );
  const { rows, ...counted } = await pageWithTotal(
    db,
    db
      .select(agencyListColumns)
      .from(agencies)
      .innerJoin(accounts, eq(accounts.id, agencies.accountId))
      .innerJoin(companies, eq(companies.id, agencies.companyId))
      .where(where)
      .orderBy(...order),
    db
      .select({ one: sql`1` })
      .from(agencies)
      .innerJoin(accounts, eq(accounts.id, agencies.accountId))
      .innerJoin(companies, eq(companies.id, agencies.companyId))
      .where(where),
    window,
  );
  return {
    rows: rows.map(({ accountName, companyName, ...row }) => ({
      ...row,
      account: { id: row.accountId, name: accountName },
      company: { id: row.companyId, name: companyName },
    })),
    ...counted,
  };
}

export async function findAgency(db: Executor, id: number) {
  const [row] = await db.select(agencyColumns).from(agencies).where(eq(agencies.id, id)).limit(1);
  return row;
}
