import { and, eq, isNull, sql } from 'drizzle-orm';
import { roleLabel, type UserType } from '@planpiso/domain';
import { DEMO_CLIENT_NUMBERS } from '@planpiso/simulators/fixtures';
import { hashPassword } from '../modules/identity/passwords';
import { accountOperators, userAgencies, userCompanies } from './schema/assignments';
import { credentials } from './schema/identity';
import { provisionSettings } from './schema/provision-settings';
import { accounts, agencies, companies } from './schema/organisation';
import { seedSignatureDemo } from './seed-signatures';
import { roles } from './schema/roles';
import { users } from './schema/users';
import type { Db, Tx } from './client';
import { transaction } from '../platform/transaction';
import { seedFinancingDemo } from './seed-financing';

/** The provisions configuration's e-mail in the demo (spec 2 §2 'Correo de disposiciones'; issue 26 §5). */
export const DEMO_PROVISION_EMAIL = 'disposiciones@planpiso.mx';

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
// The companies are clients the CRM simulator knows (decision 009: one source of demo data).
const COMPANIES = [
  { name: 'Autos del Norte', legalName: 'Autos del Norte S.A. de C.V.', clientId: DEMO_CLIENT_NUMBERS.autosDelNorte },
  {
    name: 'Camiones del Norte',
    legalName: 'Camiones del Norte S.A. de C.V.',
    clientId: DEMO_CLIENT_NUMBERS.camionesDelNorte,
  },
] as const;
const AGENCY = { name: 'Sucursal Monterrey Centro', address: 'Av. Constitución 100, Centro, Monterrey, N.L.' };

/** Who registered each demo user (spec 1 §6 creation rules: 1 creates 2, 2 creates 3, 3 creates 4, 4 creates 5). */
const DEMO_REGISTRANT: Record<UserType, UserType | null> = { 1: null, 2: 1, 3: 2, 4: 3, 5: 4 };

/** A second dealer group assigned to the operator, so a legal representative's scope visibly stops at its own. */
const SECOND_ACCOUNT = { name: 'Grupo Automotriz del Bajío', type: 2, email: 'contacto@autosdelbajio.mx' };
const SECOND_COMPANY = {
  name: 'Autos del Bajío',
  legalName: 'Autos del Bajío S.A. de C.V.',
  clientId: DEMO_CLIENT_NUMBERS.autosDelBajio,
};

/** Client numbers of the first demo seeds, before the companies used the CRM's: renamed once, in place. */
const LEGACY_CLIENT_IDS: Record<string, string> = {
  'CL-0001': DEMO_CLIENT_NUMBERS.autosDelNorte,
  'CL-0002': DEMO_CLIENT_NUMBERS.camionesDelNorte,
  'CL-0003': DEMO_CLIENT_NUMBERS.autosDelBajio,
};
const SECOND_AGENCY = { name: 'Sucursal León', address: 'Blvd. Adolfo López Mateos 2000, León, Gto.' };

type Place = 'none' | 'north' | 'trucks' | 'bajio';

/**
 * Roles each demo user registered, so every type's roles list (restricted to its own for types 2–4) and user
 * form have something to offer.
 */
export const SEED_ROLES = [
  { name: 'Administrador de Crédito', type: 2, by: 1, description: 'Autoriza líneas y disposiciones' },
  { name: 'Administrador de Cobranza', type: 2, by: 1, description: 'Da seguimiento a pagos y vencimientos' },
  { name: 'Operador de Mesa de Control', type: 3, by: 2, description: 'Revisa expedientes y documentos' },
  { name: 'Operador Comercial', type: 3, by: 2, description: 'Atiende a las cuentas asignadas' },
  { name: 'Representante Legal Suplente', type: 4, by: 3, description: 'Firma en ausencia del titular' },
  { name: 'Gerente de Agencia', type: 5, by: 3, description: 'Responsable de la sucursal' },
  { name: 'Capturista de Agencia', type: 5, by: 3, description: 'Captura disposiciones de la sucursal' },
  { name: 'Vendedor de Piso', type: 5, by: 4, description: 'Solicita unidades para exhibición' },
  { name: 'Auxiliar Administrativo', type: 5, by: 4, description: 'Apoya en la documentación' },
] as const satisfies readonly { name: string; type: UserType; by: UserType; description: string }[];

/**
 * More users, a few registered by each of types 1–4 (spec 1 §6), so every type's users list shows a believable
 * population. Same demo password; one is inactive so the status toggle has both states to show.
 */
export const SEED_USERS = [
  {
    email: 'patricia.gomez@planpiso.mx',
    firstname: 'Patricia',
    lastname: 'Gómez',
    type: 2,
    by: 1,
    role: 'Administrador de Crédito',
    place: 'none',
  },
  {
    email: 'jorge.ramirez@planpiso.mx',
    firstname: 'Jorge',
    lastname: 'Ramírez',
    type: 2,
    by: 1,
    role: 'Administrador de Cobranza',
    place: 'none',
    inactive: true,
  },
  {
    email: 'laura.mendoza@planpiso.mx',
    firstname: 'Laura',
    lastname: 'Mendoza',
    type: 3,
    by: 2,
    role: 'Operador de Mesa de Control',
    place: 'none',
  },
  {
    email: 'hector.villarreal@planpiso.mx',
    firstname: 'Héctor',
    lastname: 'Villarreal',
    type: 3,
    by: 2,
    role: 'Operador Comercial',
    place: 'none',
  },
  {
    email: 'diana.cantu@planpiso.mx',
    firstname: 'Diana',
    lastname: 'Cantú',
    type: 3,
    by: 2,
    role: 'Operador Finbe',
    place: 'none',
  },
  {
    email: 'luis.trevino@camionesdelnorte.mx',
    firstname: 'Luis',
    lastname: 'Treviño',
    type: 4,
    by: 3,
    role: 'Representante Legal Suplente',
    place: 'trucks',
  },
  {
    email: 'carla.salinas@autosdelnorte.mx',
    firstname: 'Carla',
    lastname: 'Salinas',
    type: 5,
    by: 3,
    role: 'Gerente de Agencia',
    place: 'north',
    agency: true,
  },
  {
    email: 'fernando.ortiz@autosdelbajio.mx',
    firstname: 'Fernando',
    lastname: 'Ortiz',
    type: 4,
    by: 3,
    role: 'Representante Legal',
    place: 'bajio',
  },
  {
    email: 'gabriela.rios@autosdelbajio.mx',
    firstname: 'Gabriela',
    lastname: 'Ríos',
    type: 5,
    by: 3,
    role: 'Capturista de Agencia',
    place: 'bajio',
    agency: true,
  },
  {
    email: 'miguel.garza@autosdelnorte.mx',
    firstname: 'Miguel',
    lastname: 'Garza',
    type: 5,
    by: 4,
    role: 'Vendedor de Piso',
    place: 'north',
    agency: true,
  },
  {
    email: 'sandra.leal@autosdelnorte.mx',
    firstname: 'Sandra',
    lastname: 'Leal',
    type: 5,
    by: 4,
    role: 'Auxiliar Administrativo',
    place: 'north',
  },
] as const satisfies readonly {
  email: string;
  firstname: string;
  lastname: string;
  type: UserType;
  by: UserType;
  role: string;
  place: Place;
  agency?: boolean;
  inactive?: boolean;
}[];

// Any fixed number: two processes seeding at once take turns.
const SEED_LOCK = 4_242_002;

async function ensureRole(
  tx: Tx,
  role: { name: string; type: UserType; description: string; registerBy: number | null },
): Promise<number> {
  const [found] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, role.name), eq(roles.type, role.type)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx.insert(roles).values(role).returning({ id: roles.id });
  return created!.id;
}

async function ensureAccount(tx: Tx, account: typeof ACCOUNT = ACCOUNT): Promise<number> {
  const [found] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, account.name)).limit(1);
  if (found) return found.id;
  const [created] = await tx.insert(accounts).values(account).returning({ id: accounts.id });
  return created!.id;
}

async function ensureCompany(
  tx: Tx,
  accountId: number,
  company: { name: string; legalName: string; clientId: string },
): Promise<number> {
  const legacy = Object.keys(LEGACY_CLIENT_IDS).find((old) => LEGACY_CLIENT_IDS[old] === company.clientId);
  if (legacy) await tx.update(companies).set({ clientId: company.clientId }).where(eq(companies.clientId, legacy));
  const [created] = await tx
    .insert(companies)
    .values({ accountId, ...company })
    .onConflictDoNothing({ target: companies.clientId })
    .returning({ id: companies.id });
  if (created) return created.id;
  const [found] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.clientId, company.clientId));
  return found!.id;
}

async function ensureAgency(
  tx: Tx,
  accountId: number,
  companyId: number,
  agency: typeof AGENCY = AGENCY,
): Promise<number> {
  const [found] = await tx
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.name, agency.name), eq(agencies.companyId, companyId)))
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(agencies)
    .values({ accountId, companyId, ...agency })
    .returning({ id: agencies.id });
  return created!.id;
}

/** Inserts the user unless its e-mail exists (then it is left as it is) and returns its id. */
async function ensureUser(tx: Tx, user: typeof users.$inferInsert): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0]!.id;
}

/**
 * The demo data: one user per type (password DEMO_PASSWORD), a role per type, the account "Grupo Automotriz del
 * Norte" assigned to the operator, two companies the legal representative can switch between, and a branch with
 * the agency operator (issue 2); plus, for the users and roles screens (issue 3), the chain of who registered
 * whom, the roles and users of SEED_ROLES and SEED_USERS and a second dealer group. Idempotent: whatever exists
 * is left as it is (a demo user who changed their password keeps it), so running it twice changes nothing.
 */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);

    const roleIds = new Map<UserType, number>();
    for (const type of [1, 2, 3, 4, 5] as const) {
      const name = roleLabel(type);
      roleIds.set(
        type,
        await ensureRole(tx, { name, type, description: `Rol de demostración: ${name}`, registerBy: null }),
      );
    }
    const accountId = await ensureAccount(tx);
    const [northId, trucksId] = [
      await ensureCompany(tx, accountId, COMPANIES[0]),
      await ensureCompany(tx, accountId, COMPANIES[1]),
    ];
    const agencyId = await ensureAgency(tx, accountId, northId);
    const bajioAccountId = await ensureAccount(tx, SECOND_ACCOUNT);
    const bajioId = await ensureCompany(tx, bajioAccountId, SECOND_COMPANY);
    const leonId = await ensureAgency(tx, bajioAccountId, bajioId, SECOND_AGENCY);
    const places: Record<Place, { accountId: number | null; companyId: number | null; agencyId: number | null }> = {
      none: { accountId: null, companyId: null, agencyId: null },
      north: { accountId, companyId: northId, agencyId },
      trucks: { accountId, companyId: trucksId, agencyId: null },
      bajio: { accountId: bajioAccountId, companyId: bajioId, agencyId: leonId },
    };

    const userIds = new Map<UserType, number>();
    for (const demo of DEMO_USERS) {
      const dealer = demo.type === 4 || demo.type === 5;
      const registrant = DEMO_REGISTRANT[demo.type];
      const registerBy = registrant === null ? null : userIds.get(registrant)!;
      const id = await ensureUser(tx, {
        ...demo,
        roleId: roleIds.get(demo.type)!,
        accountId: dealer ? accountId : null,
        companyId: dealer ? northId : null,
        agencyId: demo.type === 5 ? agencyId : null,
        registerBy,
      });
      userIds.set(demo.type, id);
      await tx.insert(credentials).values({ userId: id, passwordHash }).onConflictDoNothing();
      // Demo users seeded before issue 3 had no registrant; give them theirs once.
      if (registerBy !== null) {
        await tx
          .update(users)
          .set({ registerBy })
          .where(and(eq(users.id, id), isNull(users.registerBy)));
      }
    }
    // The demo roles belong to whoever hands them out: type 1's role stays the system's.
    for (const [type, roleId] of roleIds) {
      const registrant = DEMO_REGISTRANT[type];
      if (registrant === null) continue;
      await tx
        .update(roles)
        .set({ registerBy: userIds.get(registrant)! })
        .where(and(eq(roles.id, roleId), isNull(roles.registerBy)));
    }

    const namedRoles = new Map<string, number>([...roleIds].map(([type, id]) => [roleLabel(type), id]));
    for (const role of SEED_ROLES) {
      const { by, ...values } = role;
      namedRoles.set(role.name, await ensureRole(tx, { ...values, registerBy: userIds.get(by)! }));
    }

    const assignedCompanies: {
      userId: number;
      companyId: number;
      accountId: number;
      roleId: number;
      isDefault: boolean;
    }[] = [];
    const assignedAgencies: { userId: number; agencyId: number; accountId: number }[] = [];
    for (const seeded of SEED_USERS) {
      const place = places[seeded.place];
      const roleId = namedRoles.get(seeded.role)!;
      const withAgency = 'agency' in seeded && seeded.agency;
      const id = await ensureUser(tx, {
        email: seeded.email,
        firstname: seeded.firstname,
        lastname: seeded.lastname,
        type: seeded.type,
        roleId,
        ...place,
        agencyId: withAgency ? place.agencyId : null,
        registerBy: userIds.get(seeded.by)!,
        isActive: !('inactive' in seeded && seeded.inactive),
      });
      await tx.insert(credentials).values({ userId: id, passwordHash }).onConflictDoNothing();
      if (place.companyId !== null && place.accountId !== null) {
        assignedCompanies.push({
          userId: id,
          companyId: place.companyId,
          accountId: place.accountId,
          roleId,
          isDefault: true,
        });
      }
      if (withAgency && place.agencyId !== null && place.accountId !== null) {
        assignedAgencies.push({ userId: id, agencyId: place.agencyId, accountId: place.accountId });
      }
    }

    await tx
      .insert(accountOperators)
      .values([
        { accountId, userId: userIds.get(3)! },
        { accountId: bajioAccountId, userId: userIds.get(3)! },
      ])
      .onConflictDoNothing();
    const representative = userIds.get(4)!;
    const agent = userIds.get(5)!;
    await tx
      .insert(userCompanies)
      .values([
        { userId: representative, companyId: northId, accountId, roleId: roleIds.get(4)!, isDefault: true },
        { userId: representative, companyId: trucksId, accountId, roleId: roleIds.get(4)!, isDefault: true },
        { userId: agent, companyId: northId, accountId, roleId: roleIds.get(5)!, isDefault: true },
        ...assignedCompanies,
      ])
      .onConflictDoNothing();
    await tx
      .insert(userAgencies)
      .values([{ userId: agent, agencyId, accountId }, ...assignedAgencies])
      .onConflictDoNothing();

    // The configuration row (migration 0003) gets the demo's e-mail once; one someone saved (or emptied) stays.
    await tx
      .insert(provisionSettings)
      .values({ id: 1, email: DEMO_PROVISION_EMAIL })
      .onConflictDoUpdate({
        target: provisionSettings.id,
        set: { email: DEMO_PROVISION_EMAIL },
        where: and(eq(provisionSettings.email, ''), isNull(provisionSettings.updatedBy)),
      });

    await seedFinancingDemo(tx, {
      accountId,
      companyId: northId,
      agencyId,
      registerBy: agent,
      legalId: representative,
    });
    await seedSignatureDemo(tx, { accountId, companyId: northId, registerBy: userIds.get(3)!, representative });
  });
}
