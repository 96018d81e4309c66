import { rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import type { UserType } from '@planpiso/domain';
import type { Db } from '../../src/db/client';
import { auditLog } from '../../src/db/schema/audit';
import {
  buildTestApp,
  closeTestDb,
  createOrganisation,
  createUser,
  signIn,
  type TestApp,
  type TestUser,
} from '../harness';
import { tempDataDir } from './uploads';

/**
 * The app of a test file on the shared test database; it, the file's pool and its data directory (`dataDir`: files
 * written to a directory of the file's own) are closed after the file's last test.
 */
export async function sharedApp(
  options: { dataDir?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp & { dataDir: string }> {
  const dataDir = options.dataDir ? await tempDataDir() : '';
  const t = await buildTestApp({ env: { ...options.env, ...(dataDir ? { DATA_DIR: dataDir } : {}) } });
  afterAll(async () => {
    await t.close();
    await closeTestDb();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return { ...t, dataDir };
}

/** An answer's body: its data, and on a refusal the message, the code and the fields' messages. */
export type Body<T = unknown> = { data: T; message?: string; code?: string; fields?: Record<string, string> };
export type Paged<T> = Body<{ items: T[]; total: number }>;

export type Actor = TestUser & { token: string };

/** A signed-in user of each of `types`; the dealer types (4, 5) belong to the first company of `org`. */
export async function signedInActors(
  app: FastifyInstance,
  db: Db,
  org: Awaited<ReturnType<typeof createOrganisation>>,
  types: readonly UserType[],
): Promise<Map<UserType, Actor>> {
  const actors = new Map<UserType, Actor>();
  for (const type of types) {
    const dealer = type >= 4;
    const user = await createUser(db, type, {
      accountId: dealer ? org.account.id : null,
      companyId: dealer ? org.companies[0]!.id : null,
      companies: dealer ? [org.companies[0]!.id] : [],
    });
    actors.set(type, { ...user, token: await signIn(app, user.email) });
  }
  return actors;
}

/** The audit rows of `action` on the entity `id`: who, and the row before and after. */
export const auditEntries = (db: Db, action: string, id: number) =>
  db
    .select({ actor: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));
