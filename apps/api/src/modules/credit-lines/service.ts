import { FINANCING_MESSAGES, MESSAGES, Money, availableBalance, fitsBalance } from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { isLockNotAvailable } from '../../platform/pg-errors';
import { transaction } from '../../platform/transaction';
import * as repo from './repository';

/**
 * How long a provision or refinancing waits for another one to release a credit line. Reservations hold the lock
 * for a few statements; waiting longer means something is stuck, and the caller is better told to retry.
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

export const balanceExceeded = () => new AppError('BALANCE_EXCEEDED', 422, FINANCING_MESSAGES.balanceExceeded);
export const creditLineBusy = () => new AppError('CREDIT_LINE_BUSY', 409, FINANCING_MESSAGES.creditLineBusy);

/**
 * The money side of "No overdraw" (ARCHITECTURE §6, decision 015). An operation that reserves money on a line:
 *   1. `refreshFromCrm(line)` outside any transaction: the CRM call may take seconds and must not hold a lock;
 *   2. `withLockedCreditLine(db, line, (tx, locked) => …)`: one transaction that locks the line's row (waiting for
 *      a concurrent reservation to commit), reads what open provisions hold under the lock, and runs `work`;
 *   3. inside `work`, `reserve(locked, amount)` decides (or refuses with the spec's message) before the caller
 *      writes its provision or refinancing, whose total is the reservation the next locker will see.
 */
export function createCreditLinesService(
  { db, adapters, clock }: Pick<AppDeps, 'db' | 'adapters' | 'clock'>,
  options: { lockTimeout?: string } = {},
) {
  const lockTimeout = options.lockTimeout ?? CREDIT_LINE_LOCK_TIMEOUT;

  /** Reads the line from the CRM and writes the local row; a line the CRM does not know is 404. */
  async function refreshFromCrm(crmLineId: string): Promise<repo.CreditLineRow> {
    const line = await adapters.crm.creditLineInformation(crmLineId);
    if (!line) throw notFound(MESSAGES.creditLineNotFound);
    return repo.upsertCreditLine(
      db,
      {
        crmLineId: line.lineaCredito,
        clientNumber: line.numeroCliente,
        typeLine: line.tipoDispLinea,
        montoAutorizado: Money.of(line.montoAutorizado).toDecimalString(),
        montoRestante: Money.of(line.montoRestante).toDecimalString(),
        plazos: line.plazos,
      },
      clock.now(),
    );
  }

  /**
   * Locks the line's row for the rest of `tx` and computes its balance. Waits at most `lockTimeout` for another
   * transaction holding it; past that the whole operation is refused with 409 CREDIT_LINE_BUSY (and `tx` is
   * aborted, as PostgreSQL aborts it). A line never refreshed from the CRM is 404.
   */
  async function lockCreditLine(tx: Tx, crmLineId: string): Promise<LockedCreditLine> {
    const previous = await repo.setLockTimeout(tx, lockTimeout);
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

  /** One transaction (the project's `transaction()`) holding the line's lock while `work` decides and writes. */
  function withLockedCreditLine<T>(
    executor: Executor,
    crmLineId: string,
    work: (tx: Tx, line: LockedCreditLine) => Promise<T>,
  ): Promise<T> {
    return transaction(executor, async (tx) => work(tx, await lockCreditLine(tx, crmLineId)));
  }

  return { refreshFromCrm, lockCreditLine, withLockedCreditLine, reserve };
}

/**
 * The reservation decision on a locked line: `amount` must fit the available balance (spec 3 §5 "El monto total
 * supera el saldo restante", 422 BALANCE_EXCEEDED otherwise). Returns the line as it stands once the caller has
 * written the reservation, so a second reservation in the same transaction sees the first.
 */
export function reserve(line: LockedCreditLine, amount: Money): LockedCreditLine {
  if (amount.isNegative()) throw new AppError('BAD_REQUEST', 400, MESSAGES.badRequest);
  if (!fitsBalance(line.available, amount)) throw balanceExceeded();
  const reserved = line.reserved.add(amount);
  return { ...line, reserved, available: availableBalance(line.montoRestante, reserved) };
}

export type CreditLinesService = ReturnType<typeof createCreditLinesService>;
