import { AsyncLocalStorage } from 'node:async_hooks';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../db/client';

/** Work that must only happen once the data it announces is committed (a live push, a message to a queue). */
export type AfterCommit = () => void | Promise<void>;

/** The callbacks of each transaction opened by `transaction()`, keyed by its drizzle transaction object. */
const queues = new WeakMap<Tx, AfterCommit[]>();

const isTransaction = (executor: Executor): executor is Tx => executor instanceof PgTransaction;

/** Set while the work of a transaction() runs, so a call to the outside world can refuse to run in it. */
const open = new AsyncLocalStorage<true>();

/** Whether this code runs inside a transaction opened by `transaction()` (decision 017: no SMTP in there). */
export const inTransaction = (): boolean => open.getStore() === true;

/**
 * Runs `work` in one transaction; once PostgreSQL has committed it, runs in order the callbacks that `work`
 * registered with `afterCommit`. A rollback (an error thrown by `work`) drops them: nobody hears about rows that
 * never existed. Given a transaction opened here, it opens a savepoint whose callbacks join the outer
 * transaction's (they run, or not, with the outer commit).
 *
 * The callbacks run after the commit, so their failure cannot undo it: each one handles its own errors; one that
 * throws anyway is printed and the caller still gets its result.
 */
export async function transaction<T>(executor: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = isTransaction(executor) ? queues.get(executor) : undefined;
  if (isTransaction(executor) && !outer) throw new Error(NOT_OURS);
  const callbacks: AfterCommit[] = [];
  // The one place allowed to open a transaction (eslint.config.js sends everyone else here).
  const result = await executor.transaction(async (tx) => {
    queues.set(tx, callbacks);
    return open.run(true, () => work(tx));
  });
  if (outer) {
    outer.push(...callbacks);
    return result;
  }
  for (const callback of callbacks) {
    try {
      await callback();
    } catch (error) {
      console.error('after-commit callback failed', error);
    }
  }
  return result;
}

/**
 * Registers `callback` to run after the transaction `executor` commits. Outside a transaction (the database
 * handle itself, where each statement commits on its own) it runs at once.
 */
export async function afterCommit(executor: Executor, callback: AfterCommit): Promise<void> {
  if (!isTransaction(executor)) return callback();
  const queue = queues.get(executor);
  // A transaction opened with db.transaction() has nobody to run the callback: fail loudly rather than lose it.
  if (!queue) throw new Error(NOT_OURS);
  queue.push(callback);
}

const NOT_OURS =
  'after-commit work needs a transaction opened with transaction() from platform/transaction.ts, not db.transaction()';
