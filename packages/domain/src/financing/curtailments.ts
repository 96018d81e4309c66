import { Money } from '../money';

/**
 * The term rule for curtailments (issue 29 item 1: "the next curtailment (date and amount, by the term rules)"), the
 * one place both the CRM simulator's ledger and the portfolio view read: the principal is paid down in equal shares,
 * one per whole 30-day period of the term, each due at the end of its period from the credit's start, except the
 * last, which is due on the credit's due date. A credit of 3 months (92 days) owes a third of its principal on days
 * 30 and 60 and the last third on day 92; one of 1 month owes it all on its due date. The shares are exact: the
 * principal paid down by share k is principal × k / n rounded half up to the cent, so the shares add up to it.
 */
export const CURTAILMENT_PERIOD_DAYS = 30;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** n / d rounded half up, for n ≥ 0. */
const roundedDivision = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** How many shares a credit from `start` to `end` (YYYY-MM-DD) pays its principal in: at least one. */
export function curtailmentShares(start: string, end: string): number {
  return Math.max(1, Math.floor((dayNumber(end) - dayNumber(start)) / CURTAILMENT_PERIOD_DAYS));
}

export type CurtailmentStep = {
  date: string;
  /** This share of the principal. */
  amount: Money;
  /** The principal that must have been paid by `date`, in total. */
  paidDownBy: Money;
};

/** Every curtailment of the term rule, in date order: the last on the credit's end date. */
export function curtailmentSchedule(principal: Money, start: string, end: string): CurtailmentStep[] {
  const shares = curtailmentShares(start, end);
  const paidDownBy = (share: number) =>
    share === shares ? principal : Money.fromCents(roundedDivision(principal.cents * BigInt(share), BigInt(shares)));
  return Array.from({ length: shares }, (_, index) => {
    const share = index + 1;
    const date = share === shares ? end : dayOf(dayNumber(start) + share * CURTAILMENT_PERIOD_DAYS);
    const by = paidDownBy(share);
    return { date, amount: by.sub(share === 1 ? Money.zero : paidDownBy(share - 1)), paidDownBy: by };
  });
}

/**
 * The next curtailment the schedule sets on or after `today` (no payment known: the register keeps what was
 * financed, the CRM the payments): the share whose date is the first not before today; null once the end date has
 * passed. The portfolio view counts these in its 7 and 30 days' windows; the API's SQL computes the same date and
 * amount (`apps/api/src/modules/portfolio/repository.ts`) and its test holds it to this function.
 */
export function scheduledCurtailmentFrom(
  principal: Money,
  start: string,
  end: string,
  today: string,
): { date: string; amount: Money } | null {
  const step = curtailmentSchedule(principal, start, end).find((s) => s.date >= today);
  return step ? { date: step.date, amount: step.amount } : null;
}
