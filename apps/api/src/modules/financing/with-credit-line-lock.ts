import type { Tx } from '../../db/client';
import * as creditLinesRepo from '../credit-lines';
import type { CreditLinesService, LockedCreditLine } from '../credit-lines';
import type { AppDeps } from '../../platform/deps';

type LockedLine = LockedCreditLine;

/**
 * One transaction under the credit line's lock (decision 015), for the moves that change what the line holds. The
 * line's row must exist to be locked: one never read (an operation older than the line cache) is read once from the
 * CRM first, outside any transaction.
 */
export async function withCreditLineLock<T>(
  deps: Pick<AppDeps, 'db'> & { creditLines: CreditLinesService },
  crmLineId: string,
  work: (tx: Tx, line: LockedLine) => Promise<T>,
): Promise<T> {
  const { db, creditLines } = deps;
  if (!(await creditLinesRepo.findCreditLine(db, crmLineId))) await creditLines.refreshFromCrm(crmLineId);
  return creditLines.withLockedCreditLine(db, crmLineId, work);
}
