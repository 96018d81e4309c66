import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type StoreParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store in PostgreSQL, so every API copy counts together (ARCHITECTURE §1: nothing
 * another copy needs lives in process memory). One row per route and client; a fixed window per row.
 */
export function pgRateLimitStore(db: Db) {
  return class PgRateLimitStore {
    private readonly prefix: string;

    // The plugin passes its merged options; per-route ones carry `routeInfo` (typed as route options upstream).
    constructor(params: object = {}) {
      const { method, url } = (params as StoreParams).routeInfo ?? {};
      this.prefix = url ? `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url}` : 'global';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}|${key}`.slice(0, 300);
      db.execute<{ count: number; ttl: number }>(
        sql`insert into rate_limit_hits (key, count, reset_at)
            values (${fullKey}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              count = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.count + 1 end,
              reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
            returning count, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`,
      ).then(
        (result) => {
          const row = result.rows[0]!;
          callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) });
          // Now and then, drop windows that ended long ago so the table stays small.
          if (Math.random() < 0.01) {
            db.execute(sql`delete from rate_limit_hits where reset_at < now() - interval '1 hour'`).catch(
              () => undefined,
            );
          }
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: object) {
      return new PgRateLimitStore(params);
    }
  };
}
