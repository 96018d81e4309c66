import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  AGING_BUCKETS,
  DUE_WINDOWS_DAYS,
  FINANCED_UNIT_STATUS,
  OUTSTANDING_STATUSES,
  agingReleaseRange,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { audits } from '../../db/schema/audits';
import { creditLines } from '../../db/schema/credit-lines';
import { financedUnits } from '../../db/schema/financed-units';
import { accounts, companies } from '../../db/schema/organisation';
import { financedUnitScopeWhere, hasAuditFinding, nextCurtailmentAmount, nextCurtailmentDate } from '../financed-units';
import { accountScopeWhere } from '../organisation-lookups';
import type { ProvisionScope } from '../provisions';

const OUTSTANDING = sql.raw(OUTSTANDING_STATUSES.join(', '));
const SOLD = sql.raw(String(FINANCED_UNIT_STATUS.SOLD));
const SOT = sql.raw(String(FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST));

/** A column holding an account id within the lender's scope (its accounts); nothing for any other scope. */
function accountInScope(column: AnyColumn, scope: ProvisionScope): SQL {
  if (scope.kind !== 'lender') return sql`false`;
  return sql`${column} in (select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope.accounts)})`;
}

/** count and sum of `amount` over the rows `where` picks, as two columns named `name`_n and `name`_a. */
const figure = (name: string, where: SQL, amount: SQL = sql`amount`) =>
  sql`count(*) filter (where ${where})::int as ${sql.identifier(`${name}_n`)},
    coalesce(sum(${amount}) filter (where ${where}), 0)::text as ${sql.identifier(`${name}_a`)}`;

export type FigureColumns = Record<string, string | number>;

/**
 * The portfolio's figures per company, one scan of the units not yet Liquidada the scope reaches (issue 29 item 4):
 * exposure, each aging bucket (by release day ranges on `today`), the next curtailments and the maturities due in 7
 * and 30 days, sold unpaid and SOT. Sums are numeric (exact), sent as text; the totals and groups are added up from
 * these rows with Money.
 */
export async function figuresByCompany(db: Executor, scope: ProvisionScope, today: string) {
  const t = sql`${today}::date`;
  const inWindow = (column: SQL, days: number) => sql`${column} between ${t} and ${t} + ${sql.raw(String(days))}`;
  const agingFigures = AGING_BUCKETS.map((bucket, index) => {
    const { from, to } = agingReleaseRange(bucket.key, today);
    const parts = [
      from ? sql`released_on >= ${from}::date` : undefined,
      to ? sql`released_on <= ${to}::date` : undefined,
    ].filter((p): p is SQL => p !== undefined);
    return figure(`aging${index}`, parts.length ? sql.join(parts, sql` and `) : sql`true`);
  });
  const columns = [
    figure('exposure', sql`true`),
    ...agingFigures,
    figure('curt7', inWindow(sql`curtailment_on`, DUE_WINDOWS_DAYS.week), sql`curtailment_amount`),
    figure('curt30', inWindow(sql`curtailment_on`, DUE_WINDOWS_DAYS.month), sql`curtailment_amount`),
    figure('mat7', inWindow(sql`ends_on`, DUE_WINDOWS_DAYS.week)),
    figure('mat30', inWindow(sql`ends_on`, DUE_WINDOWS_DAYS.month)),
    figure('sold', sql`status = ${SOLD}`),
    figure('sot', sql`status = ${SOT}`),
  ];
  const result = await db.execute<FigureColumns & { company_id: number; account_id: number }>(sql`
    with units as (
      select ${financedUnits.companyId} as company_id, ${financedUnits.accountId} as account_id,
        ${financedUnits.status} as status, ${financedUnits.amount} as amount,
        ${financedUnits.releasedOn} as released_on, ${financedUnits.endsOn} as ends_on,
        ${nextCurtailmentDate(today)} as curtailment_on, ${nextCurtailmentAmount(today)} as curtailment_amount
      from ${financedUnits}
      where ${financedUnitScopeWhere(scope)} and ${financedUnits.status} in (${OUTSTANDING})
    )
    select company_id, account_id, ${sql.join(columns, sql`, `)}
    from units group by company_id, account_id`);
  return result.rows;
}

/** The companies in scope with a credit line, their authorised amounts summed (the CRM's montoAutorizado). */
export async function lineLimits(db: Executor, scope: ProvisionScope) {
  const result = await db.execute<{ company_id: number; account_id: number; limit: string }>(sql`
    select ${companies.id} as company_id, ${companies.accountId} as account_id,
      sum(${creditLines.montoAutorizado})::text as "limit"
    from ${creditLines} join ${companies} on ${companies.id} = ${creditLines.companyId}
    where ${accountInScope(companies.accountId, scope)}
    group by ${companies.id}, ${companies.accountId}`);
  return result.rows;
}

/** The names of these companies and accounts. */
export async function names(db: Executor, companyIds: number[], accountIds: number[]) {
  const ids = (list: number[]) => sql`(${sql.join(list.length ? list.map((id) => sql`${id}`) : [sql`null`], sql`, `)})`;
  const [companyRows, accountRows] = await Promise.all([
    db.execute<{ id: number; name: string }>(
      sql`select ${companies.id} as id, ${companies.name} as name from ${companies} where ${companies.id} in ${ids(companyIds)}`,
    ),
    db.execute<{ id: number; name: string }>(
      sql`select ${accounts.id} as id, ${accounts.name} as name from ${accounts} where ${accounts.id} in ${ids(accountIds)}`,
    ),
  ]);
  return {
    companies: new Map(companyRows.rows.map((r) => [Number(r.id), r.name])),
    accounts: new Map(accountRows.rows.map((r) => [Number(r.id), r.name])),
  };
}

/**
 * Audits whose days include `today` in scope, and the findings still open: the units in scope not yet Liquidada that
 * a closed lot audit found not located or sold unpaid, each once (the register's `finding=open` with the outstanding
 * statuses: the number's link).
 */
export async function openAudits(db: Executor, scope: ProvisionScope, today: string) {
  const open = sql`${audits.initialDate} <= ${today}::date and ${audits.endDate} >= ${today}::date
    and ${accountInScope(audits.accountId, scope)}`;
  const result = await db.execute<{ open: number; findings: number }>(sql`
    select (select count(*) from ${audits} where ${open})::int as open,
      (select count(*) from ${financedUnits} where ${financedUnitScopeWhere(scope)}
        and ${financedUnits.status} in (${OUTSTANDING}) and ${hasAuditFinding})::int as findings`);
  return result.rows[0]!;
}

/** The dealer's units by status (every status, Liquidada too) and the days floored of those not yet Liquidada. */
export async function dealerFigures(db: Executor, scope: ProvisionScope, today: string) {
  const where = financedUnitScopeWhere(scope);
  const [byStatus, days] = await Promise.all([
    db.execute<{ status: number; count: number; amount: string }>(sql`
      select ${financedUnits.status} as status, count(*)::int as count, sum(${financedUnits.amount})::text as amount
      from ${financedUnits} where ${where} group by ${financedUnits.status} order by ${financedUnits.status}`),
    db.execute<{ average: number | null; oldest: number | null }>(sql`
      select round(avg(greatest(0, ${today}::date - ${financedUnits.releasedOn})))::int as average,
        max(greatest(0, ${today}::date - ${financedUnits.releasedOn}))::int as oldest
      from ${financedUnits} where ${where} and ${financedUnits.status} in (${OUTSTANDING})`),
  ]);
  return { byStatus: byStatus.rows, days: days.rows[0]! };
}

/**
 * What falls due from `today` through `today + days` of the units not yet Liquidada: each unit's next curtailment by
 * the term rule (the last share is the credit's maturity, on its end date) and a sold unit's payoff due date.
 * Soonest first, at most `max`, with the total.
 */
export async function dealerDue(db: Executor, scope: ProvisionScope, today: string, days: number, max: number) {
  const result = await db.execute<{
    id: number;
    vin: string;
    description: string;
    company_name: string;
    status: number;
    days_floored: number;
    credit_number: string | null;
    kind: 'curtailment' | 'maturity' | 'payoff';
    date: string;
    amount: string;
    total: number;
  }>(sql`
    with units as (
      select ${financedUnits.id} as id, ${financedUnits.vin} as vin, ${financedUnits.description} as description,
        ${financedUnits.companyId} as company_id, ${financedUnits.status} as status,
        greatest(0, ${today}::date - ${financedUnits.releasedOn})::int as days_floored,
        ${financedUnits.creditNumber} as credit_number, ${financedUnits.amount} as amount,
        ${financedUnits.endsOn} as ends_on, ${financedUnits.payoffDueDate} as payoff_due_date,
        ${nextCurtailmentDate(today)} as curtailment_on, ${nextCurtailmentAmount(today)} as curtailment_amount
      from ${financedUnits}
      where ${scope.kind === 'lender' ? sql`false` : financedUnitScopeWhere(scope)}
        and ${financedUnits.status} in (${OUTSTANDING})
    ), due as (
      select units.*, case when curtailment_on = ends_on then 'maturity' else 'curtailment' end as kind,
        curtailment_on as date, curtailment_amount as due_amount
      from units where curtailment_on between ${today}::date and ${today}::date + ${days}::int
      union all
      select units.*, 'payoff', payoff_due_date, amount from units
      where status = ${SOLD} and payoff_due_date between ${today}::date and ${today}::date + ${days}::int
    )
    select due.id, due.vin, due.description, ${companies.name} as company_name, due.status, due.days_floored,
      due.credit_number, due.kind, to_char(due.date, 'YYYY-MM-DD') as date, due.due_amount::text as amount,
      count(*) over ()::int as total
    from due join ${companies} on ${companies.id} = due.company_id
    order by due.date, due.id, due.kind limit ${max}`);
  return result.rows;
}

/** The unit's credit number when the scope reaches it; undefined otherwise (404). */
export async function unitCredit(db: Executor, scope: ProvisionScope, id: number) {
  const result = await db.execute<{ id: number; credit_number: string | null }>(sql`
    select ${financedUnits.id} as id, ${financedUnits.creditNumber} as credit_number from ${financedUnits}
    where ${financedUnits.id} = ${id} and ${financedUnitScopeWhere(scope)}`);
  return result.rows[0];
}
