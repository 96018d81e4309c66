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
  // Nor one checked out between two statements of a transaction: its next query fails (503, platform/errors.ts),
  // and the transaction's release drops the dead connection.
  guardPoolClients(pool, () => undefined);
  const db = drizzle({ client: pool });
  let closed: Promise<void> | undefined;
  return { db, pool, close: () => (closed ??= pool.end()) };
}

/**
 * A pg client emits 'error' when its connection dies (a PostgreSQL restart's 57P01, a dropped socket). The pool
 * listens only while a client is idle; a client checked out with no query running would raise an unhandled 'error'
 * event and end the process (issue 27 item 13). Every client of `pool` gets a listener as it connects.
 * `releaseOnEnd` is for a pool whose user keeps a client checked out for good and never releases a dead one (the
 * realtime adapter's LISTEN): a client that ends while checked out goes back as broken, so the pool does not count
 * a dead connection against its `max` for ever.
 */
export function guardPoolClients(
  pool: pg.Pool,
  onError: (error: Error) => void,
  { releaseOnEnd = false }: { releaseOnEnd?: boolean } = {},
): void {
  const checkedOut = new WeakSet<pg.PoolClient>();
  if (releaseOnEnd) {
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
  }
  pool.on('connect', (client) => {
    client.on('error', onError);
    if (!releaseOnEnd) return;
    client.on('end', () => {
      if (!checkedOut.has(client as pg.PoolClient)) return;
      checkedOut.delete(client as pg.PoolClient);
      (client as pg.PoolClient).release(new Error('connection ended while checked out'));
    });
  });
}
