import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PG_BOSS_SCHEMA } from './pg-boss-db';

/** The states of a job worth watching: waiting (created, retry), running (active) and given up on (failed). */
const WATCHED_STATES = ['created', 'retry', 'active', 'failed'] as const;

/**
 * How many jobs each queue holds in each watched state, in one aggregate over pg-boss's table (the metrics' queue
 * depth); empty until pg-boss has created its schema.
 */
export async function queueCounts(db: Db): Promise<{ queue: string; state: string; count: number }[]> {
  const exists = await db.execute<{ found: boolean }>(
    sql`select to_regclass(${`${PG_BOSS_SCHEMA}.job`}) is not null as found`,
  );
  if (!exists.rows[0]?.found) return [];
  const states = sql.join(
    WATCHED_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const result = await db.execute<{ queue: string; state: string; count: number }>(sql`
    select name as queue, state::text as state, count(*)::int as count from ${sql.identifier(PG_BOSS_SCHEMA)}.job
    where state::text in (${states}) group by name, state`);
  return result.rows;
}
