import { Money } from '../money';
import { AGING_BUCKETS, agingBucketOf, daysFloored, type AgingBucket } from './aging';
import { FINANCED_UNIT_STATUS, isOutstanding } from './financed-unit-machine';
import { businessDayOf } from './payoff-grace';

/**
 * The lender's portfolio view (issue 29 §4) as pure sums over the register's rows: exposure by company and group,
 * line utilisation, aging buckets by days floored, curtailments and maturities due, units sold and unpaid, SOT
 * units. Amounts exact (Money); days YYYY-MM-DD in the business time zone. The API may compute the same numbers in
 * SQL for 200,000 units; these functions are the rule its answers are held to.
 */

/** One financed unit as the portfolio reads it. */
export type PortfolioUnit = {
  companyId: number;
  groupId: number | null;
  status: number;
  /** What the dealer still owes on the unit: the CRM's principal balance (the amount financed until reconciled). */
  balance: Money;
  releaseDate: string | Date;
  /** The credit's end date (its maturity). */
  endDate: string | null;
  nextCurtailment: { date: string; amount: Money } | null;
};

export type CountAndAmount = { count: number; amount: Money };
export type DueWindows = {
  /** Due before today and still shown as the next one: not paid on time. */
  pastDue: CountAndAmount;
  /** From today through today + 7 calendar days. */
  in7Days: CountAndAmount;
  /** From today through today + 30 calendar days (includes the 7 days' ones). */
  in30Days: CountAndAmount;
};

export type Portfolio = {
  /** Every unit not yet Liquidada: its count and balance (the lender's exposure). */
  exposure: CountAndAmount;
  byCompany: ({ companyId: number } & CountAndAmount)[];
  byGroup: ({ groupId: number | null } & CountAndAmount)[];
  aging: ({ bucket: AgingBucket } & CountAndAmount)[];
  /** The next curtailment's amount. */
  curtailments: DueWindows;
  /** The unit's balance, due at the credit's end date. */
  maturities: DueWindows;
  /** Vendida (por liquidar): sold, the grace running. */
  soldUnpaid: CountAndAmount;
  /** Vencida sin liquidar. */
  soldOutOfTrust: CountAndAmount;
};

/** The windows' lengths in calendar days (issue 29 §4: "due in 7 and 30 days"). */
export const DUE_WINDOWS_DAYS = { week: 7, month: 30 } as const;

const none = (): CountAndAmount => ({ count: 0, amount: Money.zero });
const counted = (into: CountAndAmount, amount: Money) => {
  into.count += 1;
  into.amount = into.amount.add(amount);
};
const noWindows = (): DueWindows => ({ pastDue: none(), in7Days: none(), in30Days: none() });

const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function countDue(windows: DueWindows, due: string, today: string, amount: Money): void {
  const days = daysFrom(today, businessDayOf(due));
  if (days < 0) counted(windows.pastDue, amount);
  else {
    if (days <= DUE_WINDOWS_DAYS.week) counted(windows.in7Days, amount);
    if (days <= DUE_WINDOWS_DAYS.month) counted(windows.in30Days, amount);
  }
}

const byAmountThen =
  <T extends CountAndAmount>(key: (row: T) => number) =>
  (a: T, b: T) =>
    b.amount.compare(a.amount) || key(a) - key(b);

export function portfolioOf(units: readonly PortfolioUnit[], today: string | Date): Portfolio {
  const day = businessDayOf(today);
  const exposure = none();
  const companies = new Map<number, CountAndAmount>();
  const groups = new Map<number | null, CountAndAmount>();
  const aging = new Map<AgingBucket, CountAndAmount>(AGING_BUCKETS.map((b) => [b.key, none()]));
  const curtailments = noWindows();
  const maturities = noWindows();
  const soldUnpaid = none();
  const soldOutOfTrust = none();

  for (const unit of units) {
    if (!isOutstanding(unit.status)) continue;
    counted(exposure, unit.balance);
    if (!companies.has(unit.companyId)) companies.set(unit.companyId, none());
    counted(companies.get(unit.companyId)!, unit.balance);
    if (!groups.has(unit.groupId)) groups.set(unit.groupId, none());
    counted(groups.get(unit.groupId)!, unit.balance);
    counted(aging.get(agingBucketOf(daysFloored(unit.releaseDate, day)))!, unit.balance);
    if (unit.nextCurtailment) countDue(curtailments, unit.nextCurtailment.date, day, unit.nextCurtailment.amount);
    if (unit.endDate) countDue(maturities, unit.endDate, day, unit.balance);
    if (unit.status === FINANCED_UNIT_STATUS.SOLD) counted(soldUnpaid, unit.balance);
    if (unit.status === FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST) counted(soldOutOfTrust, unit.balance);
  }

  return {
    exposure,
    byCompany: [...companies].map(([companyId, sum]) => ({ companyId, ...sum })).sort(byAmountThen((r) => r.companyId)),
    // No group sorts last among equal amounts.
    byGroup: [...groups]
      .map(([groupId, sum]) => ({ groupId, ...sum }))
      .sort(byAmountThen((r) => r.groupId ?? Number.MAX_SAFE_INTEGER)),
    aging: AGING_BUCKETS.map((b) => ({ bucket: b.key, ...aging.get(b.key)! })),
    curtailments,
    maturities,
    soldUnpaid,
    soldOutOfTrust,
  };
}

export type LineUtilisation = {
  used: Money;
  limit: Money;
  /** What is left to draw; negative when the line is over its limit. */
  available: Money;
  /** used / limit as a percentage with 2 decimals ('45.67', half away from zero); null for a line without a limit. */
  percent: string | null;
};

/** A line's utilisation, exact: the percentage is computed on the cents, never through a float. */
export function lineUtilisation(used: Money, limit: Money): LineUtilisation {
  const available = limit.sub(used);
  if (limit.cents <= 0n) return { used, limit, available, percent: null };
  const scaled = used.cents * 10_000n; // hundredths of a percent
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  let hundredths = magnitude / limit.cents;
  if ((magnitude % limit.cents) * 2n >= limit.cents) hundredths += 1n;
  const digits = hundredths.toString().padStart(3, '0');
  const percent = `${negative && hundredths > 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return { used, limit, available, percent };
}

/**
 * Each company's line utilisation, its exposure (the portfolio's `byCompany`) as what is used: a company with a
 * limit and no outstanding unit uses 0. In the limits' order.
 */
export function utilisationByCompany(
  exposures: readonly ({ companyId: number } & CountAndAmount)[],
  limits: readonly { companyId: number; limit: Money }[],
): ({ companyId: number } & LineUtilisation)[] {
  const used = new Map(exposures.map((e) => [e.companyId, e.amount]));
  return limits.map(({ companyId, limit }) => ({
    companyId,
    ...lineUtilisation(used.get(companyId) ?? Money.zero, limit),
  }));
}

/** The statuses the portfolio counts: every one but Liquidada. */
export const OUTSTANDING_STATUSES = [
  FINANCED_UNIT_STATUS.CURRENT,
  FINANCED_UNIT_STATUS.SOLD,
  FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST,
] as const;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The release days of an aging bucket's units on `today` (both inclusive; a missing end is open): days floored d =
 * today − release, so a bucket [min, max] holds the units released from today − max through today − min. The first
 * bucket has no lower end of age: a release after today counts 0 days (`daysFloored`) and falls in it.
 */
export function agingReleaseRange(bucket: AgingBucket, today: string | Date): { from?: string; to?: string } {
  const day = businessDayOf(today);
  const { minDays, maxDays } = AGING_BUCKETS.find((b) => b.key === bucket)!;
  return {
    ...(maxDays === null ? {} : { from: shiftDay(day, -maxDays) }),
    ...(minDays === 0 ? {} : { to: shiftDay(day, -minDays) }),
  };
}

/** A due window: from today through today + `days` calendar days, both inclusive (DUE_WINDOWS_DAYS). */
export function dueWindow(today: string | Date, days: number): { from: string; to: string } {
  const day = businessDayOf(today);
  return { from: day, to: shiftDay(day, days) };
}

/** A number of the portfolio view, as the register's filter that selects the units behind it. */
export type PortfolioLink =
  | { figure: 'exposure'; company?: number; account?: number }
  | { figure: 'aging'; bucket: AgingBucket }
  | { figure: 'due'; due: 'curtailment' | 'maturity'; within: number }
  | { figure: 'soldUnpaid' | 'soldOutOfTrust'; company?: number }
  | { figure: 'auditFindings' };

/**
 * The register's query string (`/unidades-financiadas?…`) for a number of the portfolio view: every figure but the
 * sold and SOT ones counts the units not yet Liquidada, so its link carries those statuses.
 */
export function portfolioRegisterQuery(link: PortfolioLink): Record<string, string> {
  const outstanding = OUTSTANDING_STATUSES.join(',');
  switch (link.figure) {
    case 'exposure':
      return {
        status: outstanding,
        ...(link.account === undefined ? {} : { account: String(link.account) }),
        ...(link.company === undefined ? {} : { company: String(link.company) }),
      };
    case 'aging':
      return { status: outstanding, aging: link.bucket };
    case 'due':
      return { status: outstanding, due: link.due, within: String(link.within) };
    case 'auditFindings':
      return { status: outstanding, finding: 'open' };
    case 'soldUnpaid':
    case 'soldOutOfTrust':
      return {
        status: String(
          link.figure === 'soldUnpaid' ? FINANCED_UNIT_STATUS.SOLD : FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST,
        ),
        ...(link.company === undefined ? {} : { company: String(link.company) }),
      };
  }
}
