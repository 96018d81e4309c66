import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { CreateAccountRequest } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { accountOperators, userCompanies } from '../../db/schema/assignments';
import { accounts, companies } from '../../db/schema/organisation';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { companyColumns } from '../organisation-lookups';

export type NewLegal = { id: number; email: string; firstname: string };
export type LegalPerson = CreateAccountRequest['companies'][number]['legalPerson'];

/** The role legal representatives get: `actorId`'s own active type 4 role, else the system's. */
export async function legalRoleFor(db: Executor, actorId: number): Promise<number | null> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.type, 4), eq(roles.isActive, true)))
    .orderBy(sql`${roles.registerBy} = ${actorId} desc`, roles.id)
    .limit(1);
  return role?.id ?? null;
}

/** A company's legal representative: a type 4 user with the company as its default assignment. */
export async function insertLegal(
  db: Executor,
  place: { accountId: number; companyId: number; role: number | null; registerBy: number },
  person: LegalPerson,
): Promise<NewLegal> {
  const [user] = await db
    .insert(users)
    .values({
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      phone: person.phone,
      type: 4,
      roleId: place.role,
      accountId: place.accountId,
      companyId: place.companyId,
      legalId: person.legalId,
      registerBy: place.registerBy,
    })
    .returning({ id: users.id, email: users.email, firstname: users.firstname });
  await db.insert(userCompanies).values({
    userId: user!.id,
    companyId: place.companyId,
    accountId: place.accountId,
    roleId: place.role,
    isDefault: true,
  });
  return user!;
}

export async function insertCompany(
  db: Executor,
  values: { accountId: number; name: string; legalName: string | null; clientId: string; registerBy: number },
): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function clientsTaken(db: Executor, clients: string[]): Promise<boolean> {
  if (clients.length === 0) return false;
  const taken = await db.select({ id: companies.id }).from(companies).where(inArray(companies.clientId, clients));
  return taken.length > 0;
}

export async function emailsTaken(db: Executor, emails: string[]): Promise<boolean> {
  if (emails.length === 0) return false;
  const used = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  return used.length > 0;
}

/** References to a company that removing it clears itself (removeCompany): users' and their assignments. */
const CLEARED_BY_REMOVAL = new Set(['users', 'user_companies']);

type CompanyReference = { schema: string; table: string; column: string };

/**
 * Every column that references a company and would refuse its deletion, read from the database's foreign keys
 * (issue 27 item 10): a table added later is counted without anyone remembering to. Cascading and nulling keys,
 * and the references removeCompany clears, do not hold a company.
 */
async function companyReferences(db: Executor): Promise<CompanyReference[]> {
  const result = await db.execute<CompanyReference>(sql`
    select n.nspname as "schema", t.relname as "table", a.attname as "column"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join lateral unnest(c.conkey, c.confkey) as k(own, referenced) on true
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.own
    join pg_attribute r on r.attrelid = c.confrelid and r.attnum = k.referenced
    where c.contype = 'f'
      and c.confrelid = ${sql.raw(`'${getTableName(companies)}'::regclass`)}
      and r.attname = 'id'
      and c.confdeltype not in ('c', 'n', 'd')
    order by 1, 2, 3`);
  return result.rows.filter((reference) => !CLEARED_BY_REMOVAL.has(reference.table));
}

/** Whether anything hangs on a company: a row of any table that references it (branches, provisions, audits...). */
export async function companyInUse(db: Executor, companyId: number): Promise<boolean> {
  const references = await companyReferences(db);
  if (references.length === 0) return false;
  const uses = references.map(
    (r) =>
      sql`exists (select 1 from ${sql.identifier(r.schema)}.${sql.identifier(r.table)} where ${sql.identifier(r.column)} = ${companyId})`,
  );
  const result = await db.execute<{ used: boolean }>(sql`select (${sql.join(uses, sql` or `)}) as used`);
  return result.rows[0]!.used;
}

/** The account's companies, by name. */
export function companiesOfAccount(db: Executor, accountId: number) {
  return db.select(companyColumns).from(companies).where(eq(companies.accountId, accountId)).orderBy(companies.name);
}
export type AccountCompanyRow = Awaited<ReturnType<typeof companiesOfAccount>>[number];

/** The live legal representatives (type 4) assigned to the companies, default ones first. */
export async function legalsOfCompanies(db: Executor, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: userCompanies.companyId,
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      phone: users.phone,
      legalId: users.legalId,
      isDefault: userCompanies.isDefault,
    })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(and(inArray(userCompanies.companyId, companyIds), eq(users.type, 4), eq(users.isArchived, false)))
    .orderBy(sql`${userCompanies.isDefault} desc`, users.email);
}
export type LegalRow = Awaited<ReturnType<typeof legalsOfCompanies>>[number];

/** Inserts the account, assigned to the operator creating it; returns its id. */
export async function insertAccount(
  db: Executor,
  values: { name: string; email: string; type: number; registerBy: number },
): Promise<number> {
  const [account] = await db.insert(accounts).values(values).returning({ id: accounts.id });
  await db.insert(accountOperators).values({ accountId: account!.id, userId: values.registerBy });
  return account!.id;
}

/** Removes a company: its default legal representatives are archived, every user and assignment let go. */
export async function removeCompany(db: Executor, companyId: number, defaultLegals: number[]) {
  if (defaultLegals.length > 0) {
    await db
      .update(users)
      .set({ isArchived: true, isActive: false, companyId: null })
      .where(inArray(users.id, defaultLegals));
  }
  await db.update(users).set({ companyId: null }).where(eq(users.companyId, companyId));
  await db.delete(userCompanies).where(eq(userCompanies.companyId, companyId));
  await db.delete(companies).where(eq(companies.id, companyId));
}

/** The company's current default assignment stops being the default (a new legal representative replaces it). */
export async function clearDefaultAssignment(db: Executor, companyId: number) {
  await db
    .update(userCompanies)
    .set({ isDefault: false })
    .where(and(eq(userCompanies.companyId, companyId), eq(userCompanies.isDefault, true)));
}

export async function updateAccount(db: Executor, id: number, values: { isActive?: boolean; isArchived?: boolean }) {
  await db.update(accounts).set(values).where(eq(accounts.id, id));
}

/** An active, live type 3 user. */
export async function findActiveOperator(db: Executor, userId: number) {
  const [operator] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 3), eq(users.isActive, true), eq(users.isArchived, false)))
    .limit(1);
  return operator;
}

/** Hands the account to `userId`; returns the operator it had before, if any. */
export async function setOperator(db: Executor, accountId: number, userId: number): Promise<number | null> {
  const [before] = await db.select().from(accountOperators).where(eq(accountOperators.accountId, accountId));
  await db
    .insert(accountOperators)
    .values({ accountId, userId })
    .onConflictDoUpdate({ target: accountOperators.accountId, set: { userId } });
  return before?.userId ?? null;
}
