import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { createDb, type Db } from '../../src/db/client';
import { users } from '../../src/db/schema/users';
import { buildTestApp, createUser, fakeClock, signIn, type TestApp, type TestUser } from '../harness';
import { WORKING_NOON, clearNonWorkingDays, dealerGroup, type DealerGroup } from '../provision-fixtures';
import { seededDatabase } from '../seeded-database';
import { tempDataDir } from './uploads';

export type SeededDatabase = Awaited<ReturnType<typeof seededDatabase>>;

export type FinancingApp<Clients extends readonly string[] = string[]> = {
  t: TestApp;
  seeded: SeededDatabase;
  /** The database the app uses: the seeded one's, or a pool of the production size on it (`productionPool`). */
  db: Db;
  /** Empty unless `dataDir` was asked for. */
  dataDir: string;
  /** One dealer group per client of `clients`, in that order. */
  groups: { [K in keyof Clients]: DealerGroup };
};

/**
 * The app of a financing test file (provisions, refinancings) on a demo database of its own (`label`), the business
 * clock at a working noon and no non-working days, with a dealer group per CRM client in `clients`. All of it is
 * closed after the file's last test.
 */
export async function financingApp<const Clients extends readonly string[] = []>(
  label: string,
  options: {
    clients?: Clients;
    /** Files written to a data directory of the file's own. */
    dataDir?: boolean;
    /** The production pool (10 connections) instead of the test pool of 5. */
    productionPool?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<FinancingApp<Clients>> {
  const seeded = await seededDatabase(label);
  const handle = options.productionPool ? createDb(seeded.url) : undefined;
  const dataDir = options.dataDir ? await tempDataDir() : '';
  let closeApp = async () => {};
  afterAll(async () => {
    await closeApp();
    await handle?.close();
    await seeded.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const db = handle?.db ?? seeded.db;
  const t = await buildTestApp({
    db,
    clock: fakeClock(WORKING_NOON),
    beforeReady: options.beforeReady,
    ...(dataDir ? { env: { DATA_DIR: dataDir } } : {}),
  });
  closeApp = t.close;
  await clearNonWorkingDays(db);
  const groups: DealerGroup[] = [];
  for (const client of options.clients ?? []) groups.push(await dealerGroup(t.app, db, client));
  return { t, seeded, db, dataDir, groups: groups as { [K in keyof Clients]: DealerGroup } };
}

/** The tokens of a new super user (type 1) and a new administrator (type 2) of the lender. */
export async function lenderStaff(app: FastifyInstance, db: Db) {
  const superToken = await signIn(app, (await createUser(db, 1)).email);
  const adminToken = await signIn(app, (await createUser(db, 2)).email);
  return { superToken, adminToken };
}

/**
 * An administrator (type 2) per group who registered that group's operator: its scope is that group's account
 * (decision 014). Signed in: `token`.
 */
export async function groupAdmins<const Groups extends readonly DealerGroup[]>(
  app: FastifyInstance,
  db: Db,
  groups: Groups,
): Promise<{ [K in keyof Groups]: TestUser & { token: string } }> {
  const admins: (TestUser & { token: string })[] = [];
  for (const group of groups) {
    const admin = await createUser(db, 2);
    await db.update(users).set({ registerBy: admin.id }).where(eq(users.id, group.operator.id));
    admins.push({ ...admin, token: await signIn(app, admin.email) });
  }
  return admins as { [K in keyof Groups]: TestUser & { token: string } };
}
