import {
  FINANCED_UNIT_MESSAGES as TEXT,
  businessClock,
  formatBusinessDate,
  type FinancedUnitBalanceAnswer,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { ExternalServiceError } from '../../adapters/errors';
import { notFound } from '../../platform/errors';
import { provisionScopeOf } from '../provisions';
import { storedBalance } from './presenter';
import * as repo from './repository';

/**
 * GET /api/financed-units/:id/balance (issue 29 §1, §5: "payoff quote per unit"): the unit of the caller's scope
 * (404 otherwise) read from the database first, then the CRM asked — after, outside any transaction — for the
 * credit's balance today and a payoff quote for `date`. A CRM that does not answer costs the screen only the live
 * figures: it gets the balance the reconciliation kept and a Spanish notice, never an error page.
 */
export async function financedUnitBalance(
  { db, clock, adapters }: Pick<AppDeps, 'db' | 'clock' | 'adapters'>,
  actor: AuthUser,
  id: number,
  date: string | undefined,
): Promise<FinancedUnitBalanceAnswer> {
  const row = await repo.findFinancedUnit(db, provisionScopeOf(actor), id);
  if (!row) throw notFound();
  const today = businessClock(clock.now()).day;
  const kept = storedBalance(row);
  if (row.creditNumber === null) return { live: false, balance: null, quote: null, notice: TEXT.balanceNone };
  const quoteDay = date ?? today;
  let balance;
  try {
    balance = await adapters.crm.creditBalance(row.creditNumber, today);
  } catch (error) {
    balance = crmFailed(error);
  }
  if (!balance) {
    const notice = kept ? TEXT.balanceStale(formatBusinessDate(kept.asOf)) : TEXT.balanceUnavailable;
    return { live: false, balance: kept, quote: null, notice };
  }
  // The quote on its own: a day the CRM refuses (before the credit's start) costs only the quote.
  let quote = null;
  if (quoteDay >= row.releasedOn) {
    try {
      quote = await adapters.crm.payoffQuote(row.creditNumber, quoteDay);
    } catch (error) {
      quote = crmFailed(error);
    }
  }
  return {
    live: true,
    balance: {
      principal: balance.principal,
      accruedInterest: balance.accruedInterest,
      paidTotal: balance.paidTotal,
      nextCurtailment: balance.nextCurtailment,
      asOf: today,
    },
    quote: quote && { date: quote.date, principal: quote.principal, interest: quote.interest, total: quote.total },
    notice: quote ? null : TEXT.payoffQuoteUnavailable,
  };
}

/** The CRM's failure (down, refusing, answering nonsense) costs the screen only the live figure; a bug is a bug. */
function crmFailed(error: unknown): null {
  if (error instanceof ExternalServiceError) return null;
  throw error;
}
