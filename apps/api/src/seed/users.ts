import { and, eq } from 'drizzle-orm';
import type { UserType } from '@planpiso/domain';
import { credentials } from '../db/schema/identity';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import type { Tx } from '../db/client';
import type { Place, PlaceIds } from './organisation';

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

export async function ensureRole(
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

export /** Inserts the user unless its e-mail exists (then it is left as it is) and returns its id. */
async function ensureUser(tx: Tx, user: typeof users.$inferInsert): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0]!.id;
}

/** A company or branch assignment of a seeded user, inserted with the demo users' own. */
export type CompanyAssignment = {
  userId: number;
  companyId: number;
  accountId: number;
  roleId: number;
  isDefault: boolean;
};
export type AgencyAssignment = { userId: number; agencyId: number; accountId: number };

/**
 * The roles of SEED_ROLES and the users of SEED_USERS, each registered by the demo user of its `by` type; returns
 * the dealer users' company and branch assignments for the caller to insert with the demo users' own.
 */
export async function seedRolesAndUsers(
  tx: Tx,
  input: {
    passwordHash: string;
    namedRoles: Map<string, number>;
    userIds: Map<UserType, number>;
    places: Record<Place, PlaceIds>;
  },
): Promise<{ assignedCompanies: CompanyAssignment[]; assignedAgencies: AgencyAssignment[] }> {
  const { passwordHash, namedRoles, userIds, places } = input;
  for (const role of SEED_ROLES) {
    const { by, ...values } = role;
    namedRoles.set(role.name, await ensureRole(tx, { ...values, registerBy: userIds.get(by)! }));
  }

  const assignedCompanies: CompanyAssignment[] = [];
  const assignedAgencies: AgencyAssignment[] = [];
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
  return { assignedCompanies, assignedAgencies };
}
