import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CURTAILMENT_PERIOD_DAYS, agingReleaseRange, type AgingBucket, type DueKind } from '@planpiso/domain';
import { financedUnits } from '../../db/schema/financed-units';
import { auditUnits } from '../../db/schema/lot-audits';

/**
 * The next curtailment by the term rule (domain `scheduledCurtailmentFrom`, financing/curtailments.ts) in SQL, for
 * the day `today`, shared by the register's filters and the portfolio view (modules/portfolio): with n = max(1,
 * ⌊term days / 30⌋) shares and k = max(1, ⌈(today − release) / 30⌉), the share k is due on release + 30k while
 * k < n, else the last one on the end date (none once that has passed). Its amount is what the shares have paid
 * down by then minus what they had before, each rounded to the cent (PostgreSQL rounds numeric half away from zero:
 * half up, amounts being positive). apps/api/test/portfolio.test.ts holds it to the domain's.
 */
const PERIOD = sql.raw(String(CURTAILMENT_PERIOD_DAYS));
const shares = sql`greatest(1, (${financedUnits.endsOn} - ${financedUnits.releasedOn}) / ${PERIOD})`;
const share = (today: string) =>
  sql`greatest(1, (${today}::date - ${financedUnits.releasedOn} + ${PERIOD} - 1) / ${PERIOD})`;

export function nextCurtailmentDate(today: string): SQL<string | null> {
  return sql`(case when ${share(today)} < ${shares}
    then ${financedUnits.releasedOn} + ${PERIOD} * ${share(today)}
    when ${financedUnits.endsOn} >= ${today}::date then ${financedUnits.endsOn} end)`;
}

export function nextCurtailmentAmount(today: string): SQL<string | null> {
  const k = share(today);
  return sql`(case when ${k} < ${shares}
    then round(${financedUnits.amount} * ${k} / ${shares}, 2) - round(${financedUnits.amount} * (${k} - 1) / ${shares}, 2)
    when ${financedUnits.endsOn} >= ${today}::date
    then ${financedUnits.amount} - round(${financedUnits.amount} * (${shares} - 1) / ${shares}, 2) end)`;
}

/** A unit a closed lot audit found not located or sold unpaid (audit_units.finding_deadline is set at the close). */
export const hasAuditFinding = sql`exists (select 1 from ${auditUnits} where ${auditUnits.financedUnitId} = ${financedUnits.id}
  and ${auditUnits.findingDeadline} is not null)`;

/** The portfolio's filters on the register (contracts/portfolio-filters.ts). */
export type PortfolioRegisterFilters = {
  account?: number;
  aging?: AgingBucket;
  due?: DueKind;
  within?: number;
  finding?: 'open';
};

/**
 * The portfolio's filters as the WHERE takes them: the aging bucket resolved to its release days on `today`
 * (`agingFrom`, `agingTo`), so a statement of one shape (decision 052) binds them as values.
 */
export type PortfolioRegisterWhere = Omit<PortfolioRegisterFilters, 'aging'> & { agingFrom?: string; agingTo?: string };

/** `filters` with the aging bucket resolved on `today` (Mexico City). */
export function resolveAging<F extends PortfolioRegisterFilters>(
  filters: F,
  today: string,
): Omit<F, 'aging'> & PortfolioRegisterWhere {
  const { aging, ...rest } = filters;
  if (!aging) return rest;
  const { from, to } = agingReleaseRange(aging, today);
  return { ...rest, ...(from ? { agingFrom: from } : {}), ...(to ? { agingTo: to } : {}) };
}

/** The units behind a number of the portfolio view, on `today` (Mexico City). */
export function portfolioFiltersWhere(filters: PortfolioRegisterWhere, today: string): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.account !== undefined) parts.push(eq(financedUnits.accountId, filters.account));
  if (filters.agingFrom !== undefined) parts.push(sql`${financedUnits.releasedOn} >= ${filters.agingFrom}::date`);
  if (filters.agingTo !== undefined) parts.push(sql`${financedUnits.releasedOn} <= ${filters.agingTo}::date`);
  if (filters.due && filters.within !== undefined) {
    const due = filters.due === 'maturity' ? sql`${financedUnits.endsOn}` : nextCurtailmentDate(today);
    parts.push(sql`${due} between ${today}::date and ${today}::date + ${filters.within}::int`);
  }
  if (filters.finding === 'open') parts.push(hasAuditFinding);
  return parts.length ? and(...parts) : undefined;
}
