import { Money, curtailmentSchedule as termCurtailments } from '@planpiso/domain';
import { daysBetween } from './dates';

// The money of one credit (issue 29), replayed from what it was financed for and the payments received, so a
// balance or a payoff can be answered for any day. Pure: the state keeps the payments, this does the arithmetic.

/**
 * Interest is simple and daily, on the principal still owed: the credit's annual rate (`tasa`, percent, what
 * DetalleCreditos answers) over a 360-day year, so each day costs principal × tasa / 100 / 360. It runs from the
 * credit's start, also past its due date (no penalty rate).
 */
export const INTEREST_DAY_BASIS = 360;

/**
 * The term rule for curtailments lives in the domain (`financing/curtailments.ts`), the one place the portfolio view
 * reads it too: equal shares of the principal, one per whole 30-day period of the term, the last on the due date.
 */
export { CURTAILMENT_PERIOD_DAYS } from '@planpiso/domain';

export type CreditTerms = {
  noCredito: string;
  /** What the credit financed: the principal before any payment. */
  financed: Money;
  /** Annual rate, percent. */
  tasa: number;
  fechaInicio: string;
  fechaVencimiento: string;
};

export type Payment = { amount: Money; paidAt: string };

export type Statement = {
  principal: Money;
  interest: Money;
  paidTotal: Money;
  /** The part of the payments that went to the principal (interest is paid first). */
  principalPaid: Money;
  paidOffAt: string | null;
};

// Interest is kept exact as cents × hundredths of a percent × days; this many of those make one cent.
const INTEREST_UNITS_PER_CENT = 100n * 100n * BigInt(INTEREST_DAY_BASIS);

/** n / d rounded half up, for n ≥ 0. */
const roundedDivision = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** The credit as it stood at the end of `asOf`: the payments made by then applied, interest first. */
export function statementAt(terms: CreditTerms, payments: readonly Payment[], asOf: string): Statement {
  const rate = BigInt(Math.round(terms.tasa * 100));
  let principal = terms.financed.cents;
  let interestUnits = 0n;
  let paidTotal = 0n;
  let principalPaid = 0n;
  let paidOffAt: string | null = null;
  let accruedTo = terms.fechaInicio;
  const accrue = (to: string) => {
    const days = daysBetween(accruedTo, to);
    if (days <= 0) return;
    interestUnits += principal * rate * BigInt(days);
    accruedTo = to;
  };

  for (const payment of payments) {
    if (payment.paidAt > asOf) break;
    accrue(payment.paidAt);
    const interestDue = roundedDivision(interestUnits, INTEREST_UNITS_PER_CENT);
    const toInterest = payment.amount.cents < interestDue ? payment.amount.cents : interestDue;
    interestUnits = toInterest === interestDue ? 0n : interestUnits - toInterest * INTEREST_UNITS_PER_CENT;
    const toPrincipal = payment.amount.cents - toInterest;
    principal -= toPrincipal;
    principalPaid += toPrincipal;
    paidTotal += payment.amount.cents;
    if (principal === 0n && interestUnits === 0n) paidOffAt = payment.paidAt;
  }
  accrue(asOf);
  return {
    principal: Money.fromCents(principal),
    interest: Money.fromCents(roundedDivision(interestUnits, INTEREST_UNITS_PER_CENT)),
    paidTotal: Money.fromCents(paidTotal),
    principalPaid: Money.fromCents(principalPaid),
    paidOffAt,
  };
}

/** The curtailments of the term rule: each date with the principal that must have been paid by then, in total. */
export function curtailmentSchedule(terms: CreditTerms): { date: string; paidDownBy: Money }[] {
  return termCurtailments(terms.financed, terms.fechaInicio, terms.fechaVencimiento).map(({ date, paidDownBy }) => ({
    date,
    paidDownBy,
  }));
}

/**
 * The next curtailment at `asOf`: when shares already fell due unpaid, all of them, dated on the latest such day
 * (it is overdue); otherwise the next share the payments have not covered yet. null once the principal is paid.
 */
export function nextCurtailment(
  terms: CreditTerms,
  statement: Statement,
  asOf: string,
): { date: string; amount: Money } | null {
  if (statement.principal.isZero()) return null;
  const schedule = curtailmentSchedule(terms);
  const owedBy = (step: { paidDownBy: Money }) => step.paidDownBy.sub(statement.principalPaid);
  const fallenDue = schedule.filter((step) => step.date <= asOf).at(-1);
  if (fallenDue && owedBy(fallenDue).greaterThan(Money.zero)) {
    return { date: fallenDue.date, amount: owedBy(fallenDue) };
  }
  const upcoming = schedule.find((step) => step.date > asOf && owedBy(step).greaterThan(Money.zero));
  return upcoming ? { date: upcoming.date, amount: owedBy(upcoming) } : null;
}
