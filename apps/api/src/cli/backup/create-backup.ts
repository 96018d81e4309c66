import { execFile } from 'node:child_process';
import { readFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { StorageConfig } from '../../platform/config';
import { REPO_ROOT } from '../../platform/paths';
import { copyStoredFiles, listBucket } from './files';
import { APP_SCHEMAS, dumpTables, sequencesOf, tablesOf } from './logical';
import {
  BACKUP_FORMAT,
  BackupError,
  MANIFEST_FILE,
  qualified,
  sha256OfFile,
  type Manifest,
  type TableEntry,
} from './manifest';
import { migrationLevel } from './migration-level';
import { findPgTool, runPgDump } from './pg-tools';

export type BackupMethod = 'auto' | 'pg_dump' | 'logical';

export type BackupOptions = {
  databaseUrl: string;
  storage: StorageConfig;
  /** Where the backup's directory is made (`planpiso-<UTC time>`). */
  outDir: string;
  method?: BackupMethod;
  now?: Date;
  log?: (line: string) => void;
};

/**
 * `npm run backup` (issue 30 item 4, decision 084): one directory with the database — pg_dump's custom format when a
 * pg_dump at least as new as the server is at hand, else the app's logical COPY — the stored files (or the bucket's
 * listing) and a manifest. Written as `<name>.partial` and renamed when whole, so a half backup never looks done.
 */
export async function createBackup(options: BackupOptions): Promise<{ dir: string; manifest: Manifest }> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const name = `planpiso-${now.toISOString().replace(/[:.]/g, '-')}`;
  const dir = join(options.outDir, name);
  const partial = `${dir}.partial`;
  await mkdir(join(partial, 'database'), { recursive: true });
  try {
    const { database, fileKeys } = await backupDatabase(options, partial, log);
    const files = await backupFiles(options.storage, partial, fileKeys, log);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      app: await appVersion(),
      ...database,
      files,
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

type DatabasePart = Pick<Manifest, 'server' | 'database' | 'migrations' | 'tables' | 'sequences' | 'pendingJobs'>;

/** Everything read from PostgreSQL, in one REPEATABLE READ snapshot (pg_dump is handed the same snapshot). */
async function backupDatabase(
  options: BackupOptions,
  dir: string,
  log: (line: string) => void,
): Promise<{ database: DatabasePart; fileKeys: string[] }> {
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'planpiso-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ version: string; num: string }>(
      `select current_setting('server_version') as version, current_setting('server_version_num') as num`,
    );
    const server = { version: rows[0]!.version };
    const serverMajor = Math.floor(Number(rows[0]!.num) / 10_000);
    const method = options.method ?? 'auto';
    const tool = method === 'logical' ? undefined : await findPgTool('pg_dump', serverMajor);
    if (method === 'pg_dump' && !tool) {
      throw new BackupError(`No hay un pg_dump de versión ${serverMajor} o más nueva (PG_DUMP o el PATH).`);
    }
    const migrations = await migrationLevel(client);
    let database: DatabasePart['database'];
    let tables: TableEntry[];
    if (tool) {
      const file = 'database/planpiso.dump';
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      log(`Base de datos: ${tool.version} (formato custom).`);
      await runPgDump(tool, options.databaseUrl, snapshot, join(dir, file));
      database = { method: 'pg_dump', file, sha256: await sha256OfFile(join(dir, file)), tool: tool.version };
      tables = await countRows(client);
    } else {
      const why = method === 'logical' ? 'pedido con --method logical' : `no hay pg_dump ${serverMajor}+`;
      log(`Base de datos: respaldo lógico (COPY por tabla; ${why}).`);
      database = { method: 'logical' };
      tables = await dumpTables(client, dir, join(dir, 'database'));
    }
    const sequences = tool ? [] : await sequencesOf(client);
    const pendingJobs = await pendingJobsOf(client);
    const fileKeys = (await client.query<{ key: string }>('select key from files order by key')).rows.map((r) => r.key);
    await client.query('commit');
    return { database: { server, database, migrations, tables, sequences, pendingJobs }, fileKeys };
  } finally {
    await client.end();
  }
}

async function countRows(client: pg.Client): Promise<TableEntry[]> {
  const entries: TableEntry[] = [];
  for (const { schema, table } of await tablesOf(client, APP_SCHEMAS)) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${qualified(schema, table)}`);
    entries.push({ name: `${schema}.${table}`, schema, table, rows: rows[0]!.n });
  }
  return entries;
}

/** Jobs waiting in pg-boss by name: a logical restore does not bring them back, so the manifest says what they were. */
async function pendingJobsOf(client: pg.Client): Promise<Record<string, number>> {
  const found = await client.query<{ found: string | null }>(`select to_regclass('pgboss.job')::text as found`);
  if (!found.rows[0]?.found) return {};
  const { rows } = await client.query<{ name: string; n: number }>(
    `select name, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

async function backupFiles(
  storage: StorageConfig,
  dir: string,
  fileKeys: string[],
  log: (line: string) => void,
): Promise<Manifest['files']> {
  if (storage.kind === 's3') {
    const objects = await listBucket(storage.s3);
    log(`Archivos: ${objects.length} objetos en el bucket ${storage.s3.bucket} (listados, no copiados).`);
    return { storage: 's3', bucket: storage.s3.bucket, copied: false, objects };
  }
  // After the snapshot: a file is written before its row commits and never changed, so each row's file is there
  // unless it was deleted since (the unclaimed-uploads cleanup); such keys are named, not fatal.
  const items = await copyStoredFiles(join(storage.dataDir, 'files'), join(dir, 'files'));
  const copied = new Set(items.map((item) => item.key));
  const missing = fileKeys.filter((key) => !copied.has(key));
  log(`Archivos: ${items.length} copiados${missing.length > 0 ? `, ${missing.length} de la base sin archivo` : ''}.`);
  return { storage: 'disk', items, missing };
}

async function appVersion(): Promise<Manifest['app']> {
  const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const commit = await promisify(execFile)('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, timeout: 5000 }).then(
    ({ stdout }) => stdout.trim(),
    () => null,
  );
  return { version, commit };
}
