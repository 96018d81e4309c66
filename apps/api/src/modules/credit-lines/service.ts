import { AppErrorCode, availableBalance, fitsBalance, MESSAGES, Money } from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { isLockNotAvailable } from '../../platform/pg-errors';
import { transaction } from '../../platform/transaction';
import type pg from 'pg';
import * as repo from './repository';

/**
 * How long a provision or refinancing waits for another one to release a credit line (the default of
 * CREDIT_LINE_LOCK_MS). Reservations hold the lock for a few statements; waiting longer means something is stuck,
 * and the caller is better told to retry.
 */
export const CREDIT_LINE_LOCK_TIMEOUT = '5s';

/** A credit line whose row this transaction holds locked, with its balance computed under the lock. */
export type LockedCreditLine = {
  id: number;
  crmLineId: string;
  clientNumber: string;
  companyId: number | null;
  typeLine: string;
  /** What the CRM said remains at `refreshedAt`. */
  montoRestante: Money;
  /** Held by open provisions on the line (statuses 1–7, not archived), this transaction's own included. */
  reserved: Money;
  /** montoRestante − reserved, never below 0 (spec 3 §5). */
  available: Money;
  refreshedAt: Date;
};

export const balanceExceeded = () => new AppError(AppErrorCode.BALANCE_EXCEEDED);
export const creditLineBusy = () => new AppError(AppErrorCode.CREDIT_LINE_BUSY);

/**
 * The money side of "No overdraw" (ARCHITECTURE §6, decision 015). An operation that reserves money on a line:
 *   1. `refreshFromCrm(line)` outside any transaction: the CRM call may take seconds and must not hold a lock;
 *   2. `withLockedCreditLine(db, line, (tx, locked) => …)`: one transaction that locks the line's row (waiting for
 *      a concurrent reservation to commit), reads what open provisions hold under the lock, and runs `work`;
 *   3. inside `work`, `reserve(locked, amount)` decides (or refuses with the spec's message) before the caller
 *      writes its provision or refinancing, whose total is the reservation the next locker will see.
 */
export function createCreditLinesService(
  {
    db,
    adapters,
    clock,
    config,
  }: Pick<AppDeps, 'db' | 'adapters' | 'clock'> & { config?: Partial<Pick<Config, 'creditLineLockMs'>> },
  options: { lockTimeout?: string } = {},
) {
  // The app's setting (CREDIT_LINE_LOCK_MS, default 5 s) unless the caller names its own.
  const lockTimeout =
    options.lockTimeout ??
    (config?.creditLineLockMs !== undefined ? `${config.creditLineLockMs}ms` : CREDIT_LINE_LOCK_TIMEOUT);
  const lockTimeoutMs = durationMs(lockTimeout);

  /**
   * Runs `work` inside this process's budget for the line (decision 068), with the time left of the `lockTimeout`
   * wait as PostgreSQL's lock wait ('<n>ms'). A request that finds no place within the wait is refused with 409.
   */
  async function underLineBudget<T>(pool: pg.Pool, crmLineId: string, work: (timeout: string) => Promise<T>) {
    const deadline = Date.now() + lockTimeoutMs;
    const release = await budgetOf(pool).enter(crmLineId, deadline);
    if (!release) throw creditLineBusy();
    try {
      return await work(`${Math.max(1, deadline - Date.now())}ms`);
    } finally {
      release();
    }
  }

  /**
   * Reads the line from the CRM and writes the local row; a line the CRM does not know is 404. The write takes the
   * row's lock, which a save may hold for long: it waits like a save (within the budget, bounded, then 409).
   */
  async function refreshFromCrm(crmLineId: string): Promise<repo.CreditLineRow> {
    // Stamped with when the CRM was asked, not when it answered: a read begun after an insertion counted has it.
    const readAt = clock.now();
    const line = await adapters.crm.creditLineInformation(crmLineId);
    if (!line) throw notFound(MESSAGES.creditLineNotFound);
    const snapshot = {
      crmLineId: line.lineaCredito,
      clientNumber: line.numeroCliente,
      typeLine: line.tipoDispLinea,
      montoAutorizado: Money.of(line.montoAutorizado).toDecimalString(),
      montoRestante: Money.of(line.montoRestante).toDecimalString(),
      plazos: line.plazos,
    };
    return underLineBudget(db.$client, snapshot.crmLineId, (timeout) =>
      transaction(db, async (tx) => {
        await repo.setLockTimeout(tx, timeout);
        try {
          return await repo.upsertCreditLine(tx, snapshot, readAt);
        } catch (error) {
          if (isLockNotAvailable(error)) throw creditLineBusy();
          throw error;
        }
      }),
    );
  }

  /**
   * Locks the line's row for the rest of `tx` and computes its balance. Waits at most `lockTimeout` for another
   * transaction holding it; past that the whole operation is refused with 409 CREDIT_LINE_BUSY (and `tx` is
   * aborted, as PostgreSQL aborts it). A line never refreshed from the CRM is 404.
   */
  async function lockCreditLine(tx: Tx, crmLineId: string, timeout: string = lockTimeout): Promise<LockedCreditLine> {
    const previous = await repo.setLockTimeout(tx, timeout);
    let row: repo.CreditLineRow | undefined;
    try {
      row = await repo.lockCreditLineRow(tx, crmLineId);
    } catch (error) {
      if (isLockNotAvailable(error)) throw creditLineBusy();
      throw error;
    }
    await repo.restoreLockTimeout(tx, previous);
    if (!row) throw notFound(MESSAGES.creditLineNotFound);
    const montoRestante = Money.of(row.montoRestante);
    const reserved = Money.of(await repo.reservedOnLine(tx, crmLineId));
    return {
      id: row.id,
      crmLineId: row.crmLineId,
      clientNumber: row.clientNumber,
      companyId: row.companyId,
      typeLine: row.typeLine,
      montoRestante,
      reserved,
      available: availableBalance(montoRestante, reserved),
      refreshedAt: row.refreshedAt,
    };
  }

  /**
   * One transaction (the project's `transaction()`) holding the line's lock while `work` decides and writes.
   * Opened on the database handle, it first takes a place in this process's budget for line-locked work (issue 27
   * item 12, decision 068): per line, one transaction holding the lock and one waiting for it in PostgreSQL; in all,
   * at most half the pool. The rest wait here, holding no connection, so a line held for long by a big save never
   * takes the pool from unrelated work. The whole wait, here and in PostgreSQL, is bounded by `lockTimeout`:
   * past it the operation is refused with 409 CREDIT_LINE_BUSY.
   */
  async function withLockedCreditLine<T>(
    executor: Executor,
    crmLineId: string,
    work: (tx: Tx, line: LockedCreditLine) => Promise<T>,
  ): Promise<T> {
    if (!('$client' in executor)) {
      // Inside a transaction the connection is already held: no budget to take.
      return transaction(executor, async (tx) => work(tx, await lockCreditLine(tx, crmLineId)));
    }
    return underLineBudget(executor.$client, crmLineId, (timeout) =>
      transaction(executor, async (tx) => work(tx, await lockCreditLine(tx, crmLineId, timeout))),
    );
  }

  return { refreshFromCrm, lockCreditLine, withLockedCreditLine, reserve };
}

/**
 * The reservation decision on a locked line: `amount` must fit the available balance (spec 3 §5 "El monto total
 * supera el saldo restante", 422 BALANCE_EXCEEDED otherwise). Returns the line as it stands once the caller has
 * written the reservation, so a second reservation in the same transaction sees the first.
 */
export function reserve(line: LockedCreditLine, amount: Money): LockedCreditLine {
  if (amount.isNegative()) throw badRequest();
  if (!fitsBalance(line.available, amount)) throw balanceExceeded();
  const reserved = line.reserved.add(amount);
  return { ...line, reserved, available: availableBalance(line.montoRestante, reserved) };
}

export type CreditLinesService = ReturnType<typeof createCreditLinesService>;

/** '5s', '200ms', '20s' (the `lockTimeout` forms used here) in milliseconds. */
function durationMs(value: string): number {
  const match = /^(\d+)\s*(ms|s)$/.exec(value.trim());
  if (!match) throw new Error(`credit lines: lock timeout "${value}" is not '<n>ms' or '<n>s'`);
  return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/**
 * This process's places for line-locked transactions on one pool (decision 068): `perLine` on one credit line (the
 * one holding its lock and the next, waiting in PostgreSQL), `total` on all lines. A request beyond them waits here,
 * in arrival order and without a connection, until a place frees up or its deadline passes.
 */
type LineLockBudget = { enter(line: string, deadline: number): Promise<(() => void) | null> };

function createLineLockBudget(total: number, perLine = 2): LineLockBudget {
  let inUse = 0;
  const perLineInUse = new Map<string, number>();
  const queue: { line: string; admit: () => void }[] = [];
  const fits = (line: string) => inUse < total && (perLineInUse.get(line) ?? 0) < perLine;
  const take = (line: string) => {
    inUse++;
    perLineInUse.set(line, (perLineInUse.get(line) ?? 0) + 1);
  };
  const give = (line: string) => {
    inUse--;
    const left = (perLineInUse.get(line) ?? 1) - 1;
    if (left === 0) perLineInUse.delete(line);
    else perLineInUse.set(line, left);
    // The first waiters whose line now fits, in arrival order.
    for (let i = 0; i < queue.length && inUse < total;) {
      const waiter = queue[i]!;
      if (fits(waiter.line)) {
        queue.splice(i, 1);
        waiter.admit();
      } else i++;
    }
  };
  const releaser = (line: string) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      give(line);
    };
  };
  return {
    enter(line, deadline) {
      if (fits(line) && !queue.some((w) => w.line === line)) {
        take(line);
        return Promise.resolve(releaser(line));
      }
      return new Promise((resolve) => {
        const waiter = {
          line,
          admit: () => {
            clearTimeout(timer);
            take(line);
            resolve(releaser(line));
          },
        };
        const timer = setTimeout(
          () => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            resolve(null);
          },
          Math.max(0, deadline - Date.now()),
        );
        queue.push(waiter);
      });
    },
  };
}

/** One budget per pool, shared by every service instance of the process on it: half the pool's connections. */
const budgets = new WeakMap<pg.Pool, LineLockBudget>();
function budgetOf(pool: pg.Pool): LineLockBudget {
  let budget = budgets.get(pool);
  if (!budget) {
    budget = createLineLockBudget(Math.max(2, Math.floor((pool.options.max ?? 10) / 2)));
    budgets.set(pool, budget);
  }
  return budget;
}
