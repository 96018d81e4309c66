import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

// How pg-boss reaches the application's PostgreSQL (decision 011): its statements on our pool, counted while they
// run, or on a caller's executor (a transaction) when a job is sent with business rows.

/** pg-boss's schema in the application's database. */
export const PG_BOSS_SCHEMA = 'pgboss';

/**
 * Runs pg-boss's statements on our pool, each counted while it runs (see `inFlight`). Once the runner has stopped,
 * none reaches the pool, which the app may have closed: the only ones left are a late handler's completion (its job
 * was failed back to its queue when the grace ended, and runs again), which pg-boss sends without waiting for it. Such
 * a statement never answers, so nothing after it runs either.
 */
export function executorFor(pool: pg.Pool, work: InFlight, stopped: () => boolean): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      stopped() ? new Promise<never>(() => undefined) : work.track(() => pool.query(text, values)),
  };
}

/**
 * What pg-boss is still doing on our pool: its statements and our handlers. Its stop() waits for the jobs a worker
 * holds, but not for a fetch already sent: that fetch may still return a batch, which the worker then runs and
 * completes — on a pool the app has closed by then (an unhandled rejection in pg-boss's own un-awaited complete).
 */
export type InFlight = { track<T>(work: () => Promise<T>): Promise<T>; settled(timeoutMs: number): Promise<void> };

export function inFlight(): InFlight {
  let running = 0;
  let waiters: (() => void)[] = [];
  // Zero is only trusted after the microtasks have run: a fetch's rows reach the handler, and a handler's end
  // reaches pg-boss's complete, through promise continuations with nothing counted in between.
  const wakeIfIdle = () =>
    setImmediate(() => {
      if (running > 0) return;
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    });
  return {
    async track(work) {
      running++;
      try {
        return await work();
      } finally {
        if (--running === 0) wakeIfIdle();
      }
    },
    settled(timeoutMs) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
        wakeIfIdle();
      });
    },
  };
}

/**
 * pg-boss's statement (its text with $1…$n and their values) as a drizzle query, so a job is inserted through the
 * caller's executor: in the same transaction as the business rows when given one (ARCHITECTURE §6 "Nothing half
 * done"), through drizzle's public `execute` rather than the connection inside its transaction object.
 */
export function statementOf(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)\b/);
  return sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))));
}

export function executorOf(executor: Executor): PgBoss.Db {
  return { executeSql: (text, values) => executor.execute(statementOf(text, values)) };
}
