import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ProvisionListItem } from '@planpiso/domain';
import { createBackup } from '../src/cli/backup/create-backup';
import { readManifest, type Manifest } from '../src/cli/backup/manifest';
import { restoreBackup } from '../src/cli/backup/restore-backup';
import { createDb } from '../src/db/client';
import { createDatabase } from '../src/db/embedded';
import { TEST_JWT_SECRET, bearer, buildTestApp, createUser, json, signIn } from './harness';
import { seededDatabase } from './seeded-database';
import { PNG, dealerWithOperator, multipart, tempDataDir } from './support/uploads';

/**
 * Issue 30 item 4: a backup of a seeded database with provisions and an uploaded file, restored into a FRESH
 * database and files directory, serves the same provisions and the same bytes; a restore refuses a database in use
 * or with data, and a damaged backup.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const adminUrl = new URL(inject('databaseUrl'));
adminUrl.pathname = '/postgres';
const fresh: string[] = [];
const dirs: string[] = [];

/** An empty database of its own (dropped after the file), as `createdb` makes one for a restore. */
async function freshDatabase(label: string): Promise<string> {
  const name = `planpiso_restore_${label}_${process.pid}`;
  fresh.push(name);
  return createDatabase(adminUrl.toString(), name);
}
async function tempDir(): Promise<string> {
  const dir = await tempDataDir();
  dirs.push(dir);
  return dir;
}

const source = await seededDatabase('backup_source');
const sourceDir = await tempDir();
const app = await buildTestApp({ db: source.db, env: { DATA_DIR: sourceDir } });
const { dealer } = await dealerWithOperator(source.db);
const superUser = await createUser(source.db, 1);
const photo = Buffer.concat([PNG, randomBytes(2048)]);

afterAll(async () => {
  await app.close();
  await source.close();
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  for (const name of fresh) await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin.end();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** What a user sees: the super user's provisions (ids, folios, amounts, statuses) and the dealer's evidence bytes. */
async function served(target: typeof app, fileUrl: string) {
  const token = await signIn(target.app, superUser.email);
  const list = await target.app.inject({ method: 'GET', url: '/api/provisions?pageSize=100', headers: bearer(token) });
  expect(list.statusCode, list.body).toBe(200);
  const { items, total } = json<{ data: { items: ProvisionListItem[]; total: number } }>(list).data;
  const file = await target.app.inject({
    method: 'GET',
    url: fileUrl,
    headers: bearer(await signIn(target.app, dealer.email)),
  });
  expect(file.statusCode, file.body).toBe(200);
  return {
    total,
    provisions: items.map(({ id, folio, total: amount, status }) => ({ id, folio, amount, status })),
    bytes: file.rawPayload,
  };
}

const created = await app.app.inject({
  method: 'POST',
  url: '/api/exceptions',
  ...multipart(
    [
      { name: 'comment', value: 'Evidencia para el respaldo' },
      { name: 'evidence', filename: 'foto.png', content: photo },
    ],
    bearer(await signIn(app.app, dealer.email)),
  ),
});
expect(created.statusCode, created.body).toBe(201);
const evidenceUrl = json<{ data: { evidences: { url: string }[] } }>(created).data.evidences[0]!.url;
const before = await served(app, evidenceUrl);

let backupDir: string;
let manifest: Manifest;

describe('npm run backup, then npm run restore into a fresh database', () => {
  it('writes one directory with a manifest: migration level, row counts, the file with its sha256', async () => {
    ({ dir: backupDir, manifest } = await createBackup({
      databaseUrl: source.url,
      storage: { kind: 'disk', dataDir: sourceDir },
      outDir: await tempDir(),
    }));
    expect(await readManifest(backupDir)).toEqual(manifest);
    expect(manifest.migrations.count).toBeGreaterThan(30);
    expect(manifest.migrations.lastTag).toMatch(/^\d{4}_/);
    const rows = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    expect(rows['public.provisions']).toBeGreaterThanOrEqual(before.total);
    expect(rows['public.audit_log']).toBeGreaterThan(0);
    expect(manifest.files).toMatchObject({ storage: 'disk', missing: [] });
    const stored = manifest.files.storage === 'disk' ? manifest.files.items : [];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.size).toBe(photo.length);
  });

  it('restored, the app serves the same provisions and the same file bytes, and keeps numbering after them', async () => {
    const targetUrl = await freshDatabase('main');
    const targetDir = await tempDir();
    const summary = await restoreBackup({
      from: backupDir,
      databaseUrl: targetUrl,
      storage: { kind: 'disk', dataDir: targetDir },
    });
    expect(summary.files).toBe(1);
    const handle = createDb(targetUrl, { max: 3 });
    const restored = await buildTestApp({ db: handle.db, env: { DATA_DIR: targetDir } });
    try {
      const after = await served(restored, evidenceUrl);
      expect(after.total).toBe(before.total);
      expect(after.provisions).toEqual(before.provisions);
      expect(Buffer.compare(after.bytes, photo)).toBe(0);
      // The sequences stood where the backup left them: a new row takes the next id, not one already used.
      const user = await createUser(handle.db, 2);
      expect(user.id).toBeGreaterThan(superUser.id);

      // Restoring again onto it is refused: first while the app holds connections, then because it has data.
      await expect(
        restoreBackup({ from: backupDir, databaseUrl: targetUrl, storage: { kind: 'disk', dataDir: targetDir } }),
      ).rejects.toThrow(/conexiones abiertas/);
    } finally {
      await restored.close();
      await handle.close();
    }
    await expect(
      restoreBackup({ from: backupDir, databaseUrl: targetUrl, storage: { kind: 'disk', dataDir: targetDir } }),
    ).rejects.toThrow(/No se restaura encima de datos: la base de datos ya tiene datos .* y .* ya tiene 1 archivos/);
  });

  it('refuses a backup whose data no longer matches its manifest, before touching the target', async () => {
    const table = manifest.tables.find((entry) => entry.name === 'public.provisions')!;
    const copy = join(await tempDir(), 'damaged');
    await promisify(execFile)('cp', ['-r', backupDir, copy]);
    const path = join(copy, table.file!);
    const bytes = await readFile(path);
    bytes[bytes.length - 10]! ^= 0xff;
    await writeFile(path, bytes);
    const targetUrl = await freshDatabase('damaged');
    await expect(
      restoreBackup({ from: copy, databaseUrl: targetUrl, storage: { kind: 'disk', dataDir: await tempDir() } }),
    ).rejects.toThrow('database/public.provisions.copy.gz no coincide con su sha256 del manifiesto');
    // Checked before anything is written: the target is as empty as it was.
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    const tables = await client.query(
      `select 1 from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    await client.end();
    expect(tables.rowCount).toBe(0);
  });
});

// Each run starts a node process that compiles the CLI (tsx): seconds on a quiet machine, 10–20 s beside other tests.
describe('the npm scripts, with DATABASE_URL', { timeout: 120_000 }, () => {
  const run = (script: string, args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, JWT_SECRET: TEST_JWT_SECRET, ...env },
    });

  it('backup then restore print what they did; the restored database has the backed-up rows', async () => {
    const out = await tempDir();
    const backup = await run('backup', [], { DATABASE_URL: source.url, DATA_DIR: sourceDir, BACKUP_DIR: out });
    const dir = /Respaldo listo: (\S+) /.exec(backup.stdout)?.[1];
    expect(dir, backup.stdout).toBeTruthy();
    expect(backup.stdout).toContain('Archivos: 1 copiados.');

    const targetUrl = await freshDatabase('cli');
    const restore = await run('restore', ['--from', dir!], { DATABASE_URL: targetUrl, DATA_DIR: await tempDir() });
    expect(restore.stdout).toMatch(/Base de datos: \d+ tablas, \d+ filas, conteos verificados\./);
    expect(restore.stdout).toContain('Archivos: 1 restaurados, sha256 verificados.');
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from provisions');
      expect(rows[0]!.n).toBe(manifest.tables.find((t) => t.name === 'public.provisions')!.rows);
    } finally {
      await client.end();
    }
  });
});
