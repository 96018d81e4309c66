import { and, eq, sql } from 'drizzle-orm';
import { roleLabel, type UserType } from '@planpiso/domain';
import { hashPassword } from '../modules/identity/passwords';
import { accountOperators, userAgencies, userCompanies } from './schema/assignments';
import { credentials } from './schema/identity';
import { accounts, agencies, companies } from './schema/organisation';
import { roles } from './schema/roles';
import { users } from './schema/users';
import type { Db, Tx } from './client';

/** The demo password of every seeded user (it satisfies both password patterns of spec 1 §5). */
export const DEMO_PASSWORD = 'Demo#2026a';

export const DEMO_USERS = [
  { email: 'superusuario@planpiso.mx', type: 1, firstname: 'Sofía', lastname: 'Superusuaria' },
  { email: 'administrador@planpiso.mx', type: 2, firstname: 'Adrián', lastname: 'Administrador' },
  { email: 'operador@planpiso.mx', type: 3, firstname: 'Olga', lastname: 'Operadora' },
  { email: 'representante@autosdelnorte.mx', type: 4, firstname: 'Ramón', lastname: 'Representante' },
  { email: 'agencia@autosdelnorte.mx', type: 5, firstname: 'Alicia', lastname: 'Agencia' },
] as const satisfies readonly { email: string; type: UserType; firstname: string; lastname: string }[];

const ACCOUNT = { name: 'Grupo Automotriz del Norte', type: 1, email: 'contacto@autosdelnorte.mx' };
const COMPANIES = [
  { name: 'Autos del Norte', legalName: 'Autos del Norte S.A. de C.V.', clientId: 'CL-0001' },
  { name: 'Camiones del Norte', legalName: 'Camiones del Norte S.A. de C.V.', clientId: 'CL-0002' },
] as const;
const AGENCY = { name: 'Sucursal Monterrey Centro', address: 'Av. Constitución 100, Centro, Monterrey, N.L.' };

// Any fixed number: two processes seeding at once take turns.
const SEED_LOCK = 4_242_002;

async function ensureRole(tx: Tx, type: UserType): Promise<number> {
  const name = roleLabel(type);
  const [found] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), eq(roles.type, type)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(roles)
    .values({ name, type, description: `Rol de demostración: ${name}` })
    .returning({ id: roles.id });
  return created!.id;
}

async function ensureAccount(tx: Tx): Promise<number> {
  const [found] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, ACCOUNT.name)).limit(1);
  if (found) return found.id;
  const [created] = await tx.insert(accounts).values(ACCOUNT).returning({ id: accounts.id });
  return created!.id;
}

async function ensureCompany(tx: Tx, accountId: number, company: (typeof COMPANIES)[number]): Promise<number> {
  const [created] = await tx
    .insert(companies)
    .values({ accountId, ...company })
    .onConflictDoNothing({ target: companies.clientId })
    .returning({ id: companies.id });
  if (created) return created.id;
  const [found] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.clientId, company.clientId));
  return found!.id;
}

async function ensureAgency(tx: Tx, accountId: number, companyId: number): Promise<number> {
  const [found] = await tx
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.name, AGENCY.name), eq(agencies.companyId, companyId)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(agencies)
    .values({ accountId, companyId, ...AGENCY })
    .returning({ id: agencies.id });
  return created!.id;
}

/**
 * The demo data of issue 2: one user per type (password DEMO_PASSWORD), a role per type, the account
 * "Grupo Automotriz del Norte" assigned to the operator, two companies the legal representative can switch
 * between, and a branch with the agency operator. Idempotent: whatever exists is left as it is (a demo user
 * who changed their password keeps it), so running it twice changes nothing.
 */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);

    const roleIds = new Map<UserType, number>();
    for (const type of [1, 2, 3, 4, 5] as const) roleIds.set(type, await ensureRole(tx, type));
    const accountId = await ensureAccount(tx);
    const [northId, trucksId] = [
      await ensureCompany(tx, accountId, COMPANIES[0]),
      await ensureCompany(tx, accountId, COMPANIES[1]),
    ];
    const agencyId = await ensureAgency(tx, accountId, northId);

    const userIds = new Map<UserType, number>();
    for (const demo of DEMO_USERS) {
      const dealer = demo.type === 4 || demo.type === 5;
      const [created] = await tx
        .insert(users)
        .values({
          ...demo,
          roleId: roleIds.get(demo.type)!,
          accountId: dealer ? accountId : null,
          companyId: dealer ? northId : null,
          agencyId: demo.type === 5 ? agencyId : null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      const id =
        created?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, demo.email)))[0]!.id;
      userIds.set(demo.type, id);
      await tx.insert(credentials).values({ userId: id, passwordHash }).onConflictDoNothing();
    }

    await tx
      .insert(accountOperators)
      .values({ accountId, userId: userIds.get(3)! })
      .onConflictDoNothing();
    const representative = userIds.get(4)!;
    const agent = userIds.get(5)!;
    await tx
      .insert(userCompanies)
      .values([
        { userId: representative, companyId: northId, roleId: roleIds.get(4)!, isDefault: true },
        { userId: representative, companyId: trucksId, roleId: roleIds.get(4)!, isDefault: true },
        { userId: agent, companyId: northId, roleId: roleIds.get(5)!, isDefault: true },
      ])
      .onConflictDoNothing();
    await tx.insert(userAgencies).values({ userId: agent, agencyId }).onConflictDoNothing();
  });
}
