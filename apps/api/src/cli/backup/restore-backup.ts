import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations } from '../../db/migrate';
import type { StorageConfig } from '../../platform/config';
import { createStorage } from '../../platform/storage/create-storage';
import { restoreStoredFiles, storedKeys } from './files';
import { loadTables } from './logical';
import { BackupError, checkBackup, qualified, readManifest, type Manifest } from './manifest';
import { migrationsUpTo } from './migration-level';
import { findPgTool, runPgRestore } from './pg-tools';

export type RestoreOptions = {
  /** The backup's directory (the one holding manifest.json). */
  from: string;
  databaseUrl: string;
  storage: StorageConfig;
  /** Empty a target that holds data (and set its files aside) instead of refusing. */
  force?: boolean;
  log?: (line: string) => void;
};

export type RestoreSummary = { manifest: Manifest; rows: number; files: number };

/**
 * `npm run restore` (issue 30 item 4, decision 084): the backup into an empty database — the schema to the backup's
 * migration level, the rows, the sequences — every table's count checked against the manifest before the commit,
 * then the migrations this version adds; the files back through the app's storage, each checksum checked.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const log = options.log ?? (() => undefined);
  const manifest = await readManifest(options.from);
  await checkBackup(options.from, manifest);
  const filesRoot = join(options.storage.dataDir, 'files');
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'planpiso-restore' });
  await client.connect();
  try {
    await refuseBusyOrFull(client, options, filesRoot);
    if (manifest.database.method === 'logical') await restoreLogical(client, options, manifest);
    else await restorePgDump(client, options, manifest);
  } finally {
    await client.end();
  }
  await runMigrations(options.databaseUrl);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  log(`Base de datos: ${manifest.tables.length} tablas, ${rows} filas, conteos verificados.`);
  if (Object.keys(manifest.pendingJobs).length > 0 && manifest.database.method === 'logical') {
    log(`Trabajos en cola al respaldar (no se restauran): ${JSON.stringify(manifest.pendingJobs)}.`);
  }
  const files = await restoreFiles(options, manifest, log);
  return { manifest, rows, files };
}

/** A restore writes into nothing: no other session on the database, no table in it, no file in the files directory. */
async function refuseBusyOrFull(client: pg.Client, options: RestoreOptions, filesRoot: string): Promise<void> {
  const others = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  if (others.rows[0]!.n > 0) {
    throw new BackupError(
      `La base de datos destino tiene ${others.rows[0]!.n} conexiones abiertas: detén la aplicación (npm start) ` +
        'y cualquier otro cliente antes de restaurar.',
    );
  }
  const schemas = await userSchemasWithObjects(client);
  const files = options.storage.kind === 'disk' ? await storedKeys(filesRoot) : [];
  if (!options.force && (schemas.length > 0 || files.length > 0)) {
    const what = [
      schemas.length > 0 ? `la base de datos ya tiene datos (esquemas ${schemas.join(', ')})` : '',
      files.length > 0 ? `${filesRoot} ya tiene ${files.length} archivos` : '',
    ].filter(Boolean);
    throw new BackupError(`No se restaura encima de datos: ${what.join(' y ')}. Usa --force para reemplazarlos.`);
  }
  for (const schema of schemas) await client.query(`drop schema "${schema.replaceAll('"', '""')}" cascade`);
  await client.query('create schema if not exists public');
  if (files.length > 0) {
    // Set aside, not deleted: a restore over the wrong directory can still be undone by hand.
    await rename(filesRoot, `${filesRoot}.before-restore-${Date.now()}`);
  }
}

/** The schemas other than PostgreSQL's own that hold a table, sequence, view or function. */
async function userSchemasWithObjects(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ schema: string }>(
    `select distinct n.nspname as schema from pg_namespace n
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       and (exists (select 1 from pg_class c where c.relnamespace = n.oid)
            or exists (select 1 from pg_proc p where p.pronamespace = n.oid))
     order by 1`,
  );
  return rows.map((row) => row.schema);
}

async function restoreLogical(client: pg.Client, options: RestoreOptions, manifest: Manifest): Promise<void> {
  const migrations = await migrationsUpTo(manifest.migrations);
  try {
    await runMigrations(options.databaseUrl, { migrationsFolder: migrations.folder });
  } finally {
    await migrations.remove();
  }
  await client.query('begin');
  try {
    // Foreign keys' triggers off while loading, where the role may (superuser, or granted the setting); otherwise
    // loadTables' parents-first order keeps them satisfied. The audit log's append-only triggers fire regardless.
    await client.query('savepoint replica');
    await client.query('set local session_replication_role = replica').catch(async () => {
      await client.query('rollback to savepoint replica');
    });
    await loadTables(client, options.from, manifest.tables, manifest.sequences);
    await verifyCounts(client, manifest);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

async function restorePgDump(client: pg.Client, options: RestoreOptions, manifest: Manifest): Promise<void> {
  const { rows } = await client.query<{ num: string }>(`select current_setting('server_version_num') as num`);
  const dumpMajor = Number(/\(PostgreSQL\)\s+(\d+)/.exec(manifest.database.tool ?? '')?.[1] ?? 0);
  const tool = await findPgTool('pg_restore', Math.max(dumpMajor, Math.floor(Number(rows[0]!.num) / 10_000)));
  if (!tool) {
    throw new BackupError(
      `El respaldo es de ${manifest.database.tool}: hace falta un pg_restore de esa versión o más.`,
    );
  }
  // pg_dump's archive carries the schema of its day (into the empty public schema every database starts with).
  await runPgRestore(tool, options.databaseUrl, join(options.from, manifest.database.file!));
  await verifyCounts(client, manifest);
}

async function verifyCounts(client: pg.Client, manifest: Manifest): Promise<void> {
  for (const table of manifest.tables) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${qualified(table.schema, table.table)}`,
    );
    if (rows[0]!.n !== table.rows) {
      throw new BackupError(`${table.name}: hay ${rows[0]!.n} filas restauradas y el manifiesto dice ${table.rows}.`);
    }
  }
}

async function restoreFiles(options: RestoreOptions, manifest: Manifest, log: (line: string) => void) {
  if (manifest.files.storage === 's3') {
    log(
      `Archivos: el respaldo listó ${manifest.files.objects.length} objetos del bucket ${manifest.files.bucket}; no ` +
        'se copian (el bucket tiene su propio versionado y réplica).',
    );
    return 0;
  }
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const types = await client
    .query<{ key: string; content_type: string }>('select key, content_type from files')
    .finally(() => client.end());
  const typeOf = new Map(types.rows.map((row) => [row.key, row.content_type]));
  const storage = createStorage(options.storage);
  await restoreStoredFiles(
    storage,
    join(options.from, 'files'),
    manifest.files.items,
    (key) => typeOf.get(key) ?? 'application/octet-stream',
  );
  log(`Archivos: ${manifest.files.items.length} restaurados, sha256 verificados.`);
  return manifest.files.items.length;
}
