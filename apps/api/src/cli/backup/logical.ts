import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { BackupError, qualified, sha256OfFile, type SequenceEntry, type TableEntry } from './manifest';

/**
 * The logical backup (decision 084), for when no pg_dump at least as new as the server is at hand: every table of the
 * app's schema as PostgreSQL's COPY text (gzipped), in the caller's REPEATABLE READ transaction — one snapshot for all
 * tables, as pg_dump takes — and every sequence's position. The schema itself is the committed migrations.
 */
export const APP_SCHEMAS = ['public'];

type TableShape = { schema: string; table: string; columns: string[] };

/** The tables of `schemas` (partitions go through their parent) and their stored columns (no generated ones). */
export async function tablesOf(client: pg.Client, schemas: string[]): Promise<TableShape[]> {
  const { rows } = await client.query<TableShape>(
    `select n.nspname as schema, c.relname as table,
            array_agg(a.attname::text order by a.attnum) as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
     group by 1, 2
     order by 1, 2`,
    [schemas],
  );
  return rows;
}

const columnList = (columns: string[]) => columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');

/** COPY of every table into `dir/<schema>.<table>.copy.gz`; the row counts are COPY's own. */
export async function dumpTables(client: pg.Client, backupDir: string, dir: string): Promise<TableEntry[]> {
  const entries: TableEntry[] = [];
  for (const { schema, table, columns } of await tablesOf(client, APP_SCHEMAS)) {
    const file = join(dir, `${schema}.${table}.copy.gz`);
    const copy = client.query(
      copyTo(`COPY (SELECT ${columnList(columns)} FROM ${qualified(schema, table)}) TO STDOUT`),
    );
    await pipeline(copy, createGzip(), createWriteStream(file, { flags: 'wx' }));
    entries.push({
      name: `${schema}.${table}`,
      schema,
      table,
      rows: copy.rowCount,
      file: file.slice(backupDir.length + 1),
      columns,
      sha256: await sha256OfFile(file),
    });
  }
  return entries;
}

/** Every sequence of the app's schema (identity columns' included) with the position it had in the snapshot. */
export async function sequencesOf(client: pg.Client): Promise<SequenceEntry[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
    [APP_SCHEMAS],
  );
  const entries: SequenceEntry[] = [];
  for (const { schema, name } of rows) {
    const { rows: at } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(schema, name)}`,
    );
    entries.push({ name: qualified(schema, name), lastValue: at[0]!.last_value, isCalled: at[0]!.is_called });
  }
  return entries;
}

/**
 * Loads the COPY files (their checksums already checked) into the target, migrated to the backup's level, in the
 * caller's transaction: a table's parents before it where triggers cannot be switched off, every row count checked.
 */
export async function loadTables(
  client: pg.Client,
  backupDir: string,
  tables: TableEntry[],
  sequences: SequenceEntry[],
): Promise<void> {
  const present = new Set((await tablesOf(client, APP_SCHEMAS)).map((shape) => `${shape.schema}.${shape.table}`));
  const absent = tables.filter((entry) => !present.has(entry.name)).map((entry) => entry.name);
  if (absent.length > 0) throw new BackupError(`Las migraciones no crean las tablas ${absent.join(', ')}.`);
  // Some migrations write rows (the provisions configuration's one row): the backup has them as they were since.
  const filled: string[] = [];
  for (const entry of tables) {
    const { rowCount } = await client.query(`select 1 from ${qualified(entry.schema, entry.table)} limit 1`);
    if (rowCount) filled.push(qualified(entry.schema, entry.table));
  }
  if (filled.length > 0) await client.query(`truncate ${filled.join(', ')}`);
  for (const entry of await parentsFirst(client, tables)) {
    const path = join(backupDir, entry.file!);
    const copy = client.query(
      copyFrom(`COPY ${qualified(entry.schema, entry.table)} (${columnList(entry.columns!)}) FROM STDIN`),
    );
    await pipeline(createReadStream(path), createGunzip(), copy);
    if (copy.rowCount !== entry.rows) {
      throw new BackupError(`${entry.name}: se cargaron ${copy.rowCount} filas y el manifiesto dice ${entry.rows}.`);
    }
  }
  for (const sequence of sequences) {
    await client.query('select setval($1::regclass, $2::bigint, $3)', [
      sequence.name,
      sequence.lastValue,
      sequence.isCalled,
    ]);
  }
}

/** The tables ordered so that one a foreign key points at comes first (a table's own references do not count). */
async function parentsFirst(client: pg.Client, tables: TableEntry[]): Promise<TableEntry[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
     join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const byName = new Map(tables.map((entry) => [entry.name, entry]));
  const ordered: TableEntry[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) !== undefined) return; // done, or a cycle (replica mode loads it all the same)
    state.set(name, 'visiting');
    for (const { parent } of rows.filter((row) => row.child === name)) if (byName.has(parent)) visit(parent);
    state.set(name, 'done');
    ordered.push(byName.get(name)!);
  };
  for (const entry of tables) visit(entry.name);
  return ordered;
}
