// The large data set's database (issue 15): DATABASE_URL_LARGE when set, otherwise an embedded PostgreSQL of its
// own in data/pg-large (apart from `npm start`'s data/pg, so the demo database stays small), on a free port.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { freePort } from '../e2e/support/ports';
import { REPO_ROOT } from '../e2e/support/paths';

export const LARGE_DATABASE = 'planpiso_large';
export const LARGE_DATA_DIR = join(REPO_ROOT, 'data', 'pg-large');

/** What `npm run seed:large` loads (issue 15). */
export const LARGE = {
  accounts: 500,
  companiesPerAccount: 2,
  branchesPerCompany: 2,
  users: 50_000,
  admins: 40,
  operators: 100,
  notifications: 500_000,
  /** The demo operator's own: one user with a long list (issue 15). */
  demoOperatorNotifications: 20_000,
  otherDemoNotifications: 500,
  /** The demo operator operates every fifth account; the bench operators the rest. */
  demoOperatorEvery: 5,
} as const;

export type LargeServer = {
  /** The server's admin URL (database `postgres`), or null with DATABASE_URL_LARGE (no drop/create then). */
  adminUrl: string | null;
  /** The large database's URL. */
  url: string;
  stop(): Promise<void>;
  /** The postmaster's pid when the server is the embedded one started here (its CPU is then measured per request). */
  pid?: number;
};

/** Starts (or reaches) the server that holds the large database; the database itself may not exist yet. */
export async function openLargeServer(): Promise<LargeServer> {
  const given = process.env.DATABASE_URL_LARGE;
  if (given) return { adminUrl: null, url: given, stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dataDir: LARGE_DATA_DIR, port: await freePort(), persistent: true });
  const url = new URL(server.url);
  url.pathname = `/${LARGE_DATABASE}`;
  return { adminUrl: server.url, url: url.toString(), stop: server.stop, pid: postmasterPid() };
}

/** The first line of postmaster.pid in the large data directory; undefined when it cannot be read. */
function postmasterPid(): number | undefined {
  try {
    const pid = Number(readFileSync(join(LARGE_DATA_DIR, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function databaseExists(server: LargeServer): Promise<boolean> {
  if (!server.adminUrl) return true;
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [LARGE_DATABASE]);
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

export async function dropLargeDatabase(server: LargeServer): Promise<void> {
  if (!server.adminUrl) throw new Error('--fresh with DATABASE_URL_LARGE: drop and recreate that database yourself');
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(LARGE_DATABASE)} with (force)`);
  } finally {
    await client.end();
  }
}

export async function createLargeDatabase(server: LargeServer): Promise<void> {
  if (server.adminUrl) await createDatabase(server.adminUrl, LARGE_DATABASE);
}

/** How many users the large database holds, or null when it has no users table (not migrated). */
export async function countUsers(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query(`select to_regclass('public.users') as t`);
    if (!table.rows[0]?.t) return null;
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
