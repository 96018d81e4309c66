import { drizzle, type NodePgDatabase, type NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';

/** The application's database handle (drizzle over a pg Pool). Tables are imported from db/schema/*. */
export type Db = NodePgDatabase & { $client: pg.Pool };
/** A transaction, or the database itself where no transaction is needed: both run queries the same way. */
export type Tx = NodePgTransaction<Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>;
export type Executor = Db | Tx;

export type DbHandle = { db: Db; pool: pg.Pool; close(): Promise<void> };

// timestamptz and bigint come back as Date and string by default; ids stay within 2^53, so read int8 as number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDb(url: string, options: { max?: number; connectionTimeoutMillis?: number } = {}): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    application_name: 'planpiso-api',
  });
  // An idle client losing its server (restart, shutdown) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool });
  let closed: Promise<void> | undefined;
  return { db, pool, close: () => (closed ??= pool.end()) };
}
