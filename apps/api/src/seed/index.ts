import { and, eq, isNull, sql } from 'drizzle-orm';
import { roleLabel, type UserType } from '@planpiso/domain';
import { hashPassword } from '../modules/identity';
import { accountOperators, userAgencies, userCompanies } from '../db/schema/assignments';
import { credentials } from '../db/schema/identity';
import { provisionSettings } from '../db/schema/provision-settings';
import { seedSignatureDemo } from './signatures';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import type { Db } from '../db/client';
import { transaction } from '../platform/transaction';
import { seedFinancingDemo } from './financing';
import { seedOrganisation } from './organisation';
import { ensureRole, ensureUser, seedRolesAndUsers } from './users';

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

/** Who registered each demo user (spec 1 §6 creation rules: 1 creates 2, 2 creates 3, 3 creates 4, 4 creates 5). */
const DEMO_REGISTRANT: Record<UserType, UserType | null> = { 1: null, 2: 1, 3: 2, 4: 3, 5: 4 };

// Any fixed number: two processes seeding at once take turns.
const SEED_LOCK = 4_242_002;

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
    const { accountId, northId, trucksId, agencyId, bajioAccountId, places } = await seedOrganisation(tx);

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
    const { assignedCompanies, assignedAgencies } = await seedRolesAndUsers(tx, {
      passwordHash,
      namedRoles,
      userIds,
      places,
    });

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
