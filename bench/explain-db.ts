// The throwaway database the EXPLAIN scripts share (explain-lists, explain-provisions): an embedded PostgreSQL,
// migrated, bulk-loaded and analysed, with a drizzle client whose queries are captured so the plans are the
// repositories' own SQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { UserType } from '@planpiso/domain';
import type { Db } from '../apps/api/src/db/client';
import { createDatabase, startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';
import type { AuthUser } from '../apps/api/src/platform/auth';

export type Captured = { sql: string; params: unknown[] };

export const actor = (id: number, type: UserType, accountId: number | null = null, companyId: number | null = null) =>
  ({ id, type, accountId, companyId }) as AuthUser;

/** A plan's execution time in ms, '?' when it has none. */
export const timeOf = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';

export type ExplainDb = {
  pool: pg.Pool;
  db: Db;
  /** The queries `run` sends through `db`, less the EXPLAINs it runs itself (a capped count's look-up). */
  capture: (run: () => Promise<unknown>) => Promise<Captured[]>;
  /** One query's EXPLAIN (ANALYZE, BUFFERS), as text. */
  explain: (sql: string, params?: unknown[]) => Promise<string>;
};

/** Runs `use` on a fresh database loaded with `load` (SQL), on a port from `portBase` up, removed afterwards. */
export async function withExplainDb(
  name: string,
  portBase: number,
  load: string,
  use: (explainDb: ExplainDb) => Promise<void>,
) {
  const dir = await mkdtemp(join(tmpdir(), `planpiso-${name}-`));
  const port = portBase + Math.floor(Math.random() * 1000);
  const server = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port, persistent: false });
  try {
    const url = await createDatabase(server.url, 'explain');
    await runMigrations(url);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const started = Date.now();
    await pool.query(load);
    await pool.query('vacuum analyze');
    console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    let captured: Captured[] = [];
    const db = drizzle({
      client: pool,
      logger: { logQuery: (sql, params) => void captured.push({ sql, params }) },
    }) as unknown as Db;
    const capture = async (run: () => Promise<unknown>) => {
      captured = [];
      await run();
      return captured.filter((query) => !query.sql.startsWith('explain'));
    };
    const explain = async (sql: string, params: unknown[] = []) => {
      const result = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    await use({ pool, db, capture, explain });
    await pool.end();
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
