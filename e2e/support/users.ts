// Users made for one journey, so journeys that change a password never touch the demo users others sign in with.
import { randomUUID } from 'node:crypto';
import type { UserType } from '@planpiso/domain';
import { createDb } from '../../apps/api/src/db/client';
import { credentials } from '../../apps/api/src/db/schema/identity';
import { users } from '../../apps/api/src/db/schema/users';
import { hashPassword } from '../../apps/api/src/modules/identity/passwords';
import { e2eEnv } from './env';

export type FixtureUser = { id: number; email: string; firstname: string; lastname: string; type: UserType };

type Options = {
  type: UserType;
  /** A normal password ... */
  password?: string;
  /** ... or a temporary one that must be replaced at the first sign-in (mode 2). */
  temporaryPassword?: string;
  /** The temporary password is past its 7 days. */
  temporaryExpired?: boolean;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createUser({
  type,
  password,
  temporaryPassword,
  temporaryExpired,
}: Options): Promise<FixtureUser> {
  const secret = temporaryPassword ?? password;
  if (!secret) throw new Error('createUser needs a password or a temporaryPassword');
  const tag = randomUUID().slice(0, 8);
  const handle = createDb(e2eEnv().databaseUrl, { max: 1 });
  try {
    const passwordHash = await hashPassword(secret);
    return await handle.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ firstname: 'Prueba', lastname: `E2E ${tag}`, email: `e2e-${tag}@planpiso.mx`, type })
        .returning({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname });
      if (!row) throw new Error('The fixture user was not created');
      await tx.insert(credentials).values({
        userId: row.id,
        passwordHash,
        temporary: temporaryPassword !== undefined,
        temporaryExpiresAt:
          temporaryPassword === undefined ? null : new Date(Date.now() + (temporaryExpired ? -DAY_MS : 7 * DAY_MS)),
      });
      return { ...row, type };
    });
  } finally {
    await handle.close();
  }
}
