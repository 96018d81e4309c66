import {
  DEALER_DUE_LIST_MAX,
  DUE_WINDOWS_DAYS,
  FINANCED_UNIT_MESSAGES as UNIT_TEXT,
  Money,
  businessClock,
  type DealerSummary,
  type UnitPayoffQuote,
} from '@planpiso/domain';
import { ExternalServiceError } from '../../adapters/errors';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { provisionScopeOf, type ProvisionScope } from '../provisions';
import * as repo from './repository';

/**
 * GET /api/portfolio/dealer (issue 29 item 5): the dealer's units by status, their days floored, and what falls due
 * this week (today through 7 days) — the register's scope, as provisions'. Kept 10 s per scope and day (routes.ts).
 */
export async function dealerSummary(db: AppDeps['db'], scope: ProvisionScope, today: string): Promise<DealerSummary> {
  const [figures, due] = await Promise.all([
    repo.dealerFigures(db, scope, today),
    repo.dealerDue(db, scope, today, DUE_WINDOWS_DAYS.week, DEALER_DUE_LIST_MAX),
  ]);
  return {
    today,
    byStatus: figures.byStatus.map((row) => ({
      status: Number(row.status),
      count: Number(row.count),
      amount: Money.of(row.amount).toDecimalString(),
    })),
    daysFloored: { average: Number(figures.days.average ?? 0), oldest: Number(figures.days.oldest ?? 0) },
    dueThisWeek: due.map((row) => ({
      id: Number(row.id),
      vin: row.vin,
      description: row.description,
      companyName: row.company_name,
      status: Number(row.status),
      daysFloored: Number(row.days_floored),
      creditNumber: row.credit_number,
      kind: row.kind,
      date: row.date,
      amount: Money.of(row.amount).toDecimalString(),
    })),
    dueThisWeekTotal: due.length ? Number(due[0]!.total) : 0,
  };
}

/**
 * GET /api/portfolio/units/:id/payoff-quote: what settles the unit's credit today, as the CRM quotes it (asked outside
 * any transaction). No quote before the CRM gives the credit number, when it does not know it, or when it does not
 * answer: a notice says which, as the register's balance does (financed-units/financed-unit-balance.ts); a bug is
 * still a 500.
 */
export async function unitPayoffQuote(
  { db, clock, adapters }: Pick<AppDeps, 'db' | 'clock' | 'adapters'>,
  actor: AuthUser,
  id: number,
): Promise<UnitPayoffQuote> {
  const unit = await repo.unitCredit(db, provisionScopeOf(actor), id);
  if (!unit) throw notFound();
  const date = businessClock(clock.now()).day;
  const answer = { id, creditNumber: unit.credit_number, date };
  if (!unit.credit_number) return { ...answer, quote: null, notice: UNIT_TEXT.balanceNone };
  const quote = await adapters.crm.payoffQuote(unit.credit_number, date).catch((error: unknown) => {
    if (error instanceof ExternalServiceError) return null;
    throw error;
  });
  return quote
    ? { ...answer, quote: { principal: quote.principal, interest: quote.interest, total: quote.total }, notice: null }
    : { ...answer, quote: null, notice: UNIT_TEXT.payoffQuoteUnavailable };
}
