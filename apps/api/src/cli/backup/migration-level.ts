import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { BackupError } from './manifest';

type JournalEntry = { idx: number; when: number; tag: string; version: string; breakpoints: boolean };
type Journal = { version: string; dialect: string; entries: JournalEntry[] };

const readJournal = async (): Promise<Journal> =>
  JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;

export type MigrationLevel = { count: number; lastTag: string | null; lastWhen: number };

/**
 * How far the database's schema is: drizzle's table of applied migrations (one row per migration, `created_at` the
 * journal's `when`). The logical backup's rows fit exactly this schema, so a restore rebuilds it before loading them.
 */
export async function migrationLevel(client: pg.Client): Promise<MigrationLevel> {
  const exists = await client.query<{ found: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  if (!exists.rows[0]?.found) return { count: 0, lastTag: null, lastWhen: 0 };
  const { rows } = await client.query<{ count: number; last: string | null }>(
    'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const count = rows[0]!.count;
  const lastWhen = Number(rows[0]!.last ?? 0);
  const { entries } = await readJournal();
  return { count, lastTag: entries.find((entry) => entry.when === lastWhen)?.tag ?? null, lastWhen };
}

/**
 * A folder holding the first `level.count` committed migrations (a copy of the journal cut there), for drizzle's
 * migrator: the schema exactly as it was at backup time. Refuses a backup taken by a newer version of the app.
 */
export async function migrationsUpTo(level: MigrationLevel): Promise<{ folder: string; remove(): Promise<void> }> {
  const journal = await readJournal();
  const last = journal.entries[level.count - 1];
  if (level.count > journal.entries.length || (level.count > 0 && last?.when !== level.lastWhen)) {
    throw new BackupError(
      `El respaldo tiene ${level.count} migraciones (la última ${level.lastTag ?? level.lastWhen}) y esta versión de ` +
        `la aplicación no las tiene en ese orden: restáuralo con la versión que lo hizo (ver manifest.json).`,
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'planpiso-migrations-'));
  await mkdir(join(folder, 'meta'));
  const entries = journal.entries.slice(0, level.count);
  for (const entry of entries) {
    await copyFile(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}
