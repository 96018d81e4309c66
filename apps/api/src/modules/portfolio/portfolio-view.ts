import {
  AGING_BUCKETS,
  Money,
  businessClock,
  lineUtilisation,
  type PortfolioFigure,
  type PortfolioUtilisation,
  type PortfolioView,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { provisionScopeOf, type ProvisionScope } from '../provisions';
import * as repo from './repository';

type Sum = { count: number; amount: Money };
const none = (): Sum => ({ count: 0, amount: Money.zero });
const add = (into: Sum, more: Sum) => {
  into.count += more.count;
  into.amount = into.amount.add(more.amount);
};
const shown = (sum: Sum): PortfolioFigure => ({ count: sum.count, amount: sum.amount.toDecimalString() });
const utilisation = (used: Money, limit: Money): PortfolioUtilisation => {
  const line = lineUtilisation(used, limit);
  return {
    limit: line.limit.toDecimalString(),
    used: line.used.toDecimalString(),
    available: line.available.toDecimalString(),
    percent: line.percent,
  };
};
const byAmount =
  <T extends { amount: Money }>(key: (row: T) => string) =>
  (a: T, b: T) =>
    b.amount.compare(a.amount) || key(a).localeCompare(key(b), 'es');

const FIGURES = [
  'exposure',
  // One per AGING_BUCKETS entry, in its order.
  'aging0',
  'aging1',
  'aging2',
  'aging3',
  'aging4',
  'curt7',
  'curt30',
  'mat7',
  'mat30',
  'sold',
  'sot',
] as const;
type FigureName = (typeof FIGURES)[number];

/**
 * The portfolio view (issue 29 item 4) of the scope on `today`: the per-company figures computed by PostgreSQL in one
 * scan (repository.figuresByCompany), added up with Money into the totals and the groups, the companies' line limits
 * against their exposure (the domain's lineUtilisation), and the open audits.
 */
export async function computePortfolio(
  db: AppDeps['db'],
  scope: ProvisionScope,
  today: string,
): Promise<PortfolioView> {
  const [rows, limits, auditFigures] = await Promise.all([
    repo.figuresByCompany(db, scope, today),
    repo.lineLimits(db, scope),
    repo.openAudits(db, scope, today),
  ]);
  const totals = Object.fromEntries(FIGURES.map((name) => [name, none()])) as Record<FigureName, Sum>;
  const companies = new Map<number, { accountId: number; figures: Record<FigureName, Sum>; limit: Money | null }>();
  for (const row of rows) {
    const figures = Object.fromEntries(
      FIGURES.map((name) => [name, { count: Number(row[`${name}_n`]), amount: Money.of(String(row[`${name}_a`])) }]),
    ) as Record<FigureName, Sum>;
    for (const name of FIGURES) add(totals[name], figures[name]);
    companies.set(Number(row.company_id), { accountId: Number(row.account_id), figures, limit: null });
  }
  for (const line of limits) {
    const id = Number(line.company_id);
    const company = companies.get(id) ?? {
      accountId: Number(line.account_id),
      figures: Object.fromEntries(FIGURES.map((name) => [name, none()])) as Record<FigureName, Sum>,
      limit: null,
    };
    company.limit = Money.of(line.limit);
    companies.set(id, company);
  }
  const names = await repo.names(
    db,
    [...companies.keys()],
    [...new Set([...companies.values()].map((c) => c.accountId))],
  );
  const groups = new Map<number, Sum>();
  let limitTotal = Money.zero;
  let usedOnLines = Money.zero;
  for (const company of companies.values()) {
    if (!groups.has(company.accountId)) groups.set(company.accountId, none());
    add(groups.get(company.accountId)!, company.figures.exposure);
    if (company.limit) {
      limitTotal = limitTotal.add(company.limit);
      usedOnLines = usedOnLines.add(company.figures.exposure.amount);
    }
  }
  const byCompany = [...companies]
    .map(([companyId, company]) => ({
      companyId,
      companyName: names.companies.get(companyId) ?? '',
      accountId: company.accountId,
      accountName: names.accounts.get(company.accountId) ?? '',
      ...company.figures.exposure,
      soldUnpaid: shown(company.figures.sold),
      soldOutOfTrust: shown(company.figures.sot),
      line: company.limit ? utilisation(company.figures.exposure.amount, company.limit) : null,
    }))
    .sort(byAmount((row) => row.companyName))
    .map((row) => ({ ...row, count: row.count, amount: row.amount.toDecimalString() }));
  const byGroup = [...groups]
    .map(([accountId, sum]) => ({ accountId, accountName: names.accounts.get(accountId) ?? '', ...sum }))
    .sort(byAmount((row) => row.accountName))
    .map((row) => ({ ...row, amount: row.amount.toDecimalString() }));
  return {
    today,
    exposure: shown(totals.exposure),
    lines: utilisation(usedOnLines, limitTotal),
    byGroup,
    byCompany,
    aging: AGING_BUCKETS.map((bucket, index) => ({
      bucket: bucket.key,
      ...shown(totals[`aging${index}` as FigureName]),
    })),
    curtailments: { in7Days: shown(totals.curt7), in30Days: shown(totals.curt30) },
    maturities: { in7Days: shown(totals.mat7), in30Days: shown(totals.mat30) },
    soldUnpaid: shown(totals.sold),
    soldOutOfTrust: shown(totals.sot),
    audits: { open: Number(auditFigures.open), findings: Number(auditFigures.findings) },
  };
}

/**
 * How long one scope's figures are served again (ms): the view sums the whole portfolio (200,000 units), so a
 * dashboard many people open answers from the last sum for a few seconds rather than scanning again for each — the
 * scale rule's p99 (decision 082). A new business day, or another scope, is another sum.
 */
export const PORTFOLIO_FRESH_MS = 10_000;

/**
 * The rows the view sends of each ranking (largest exposure first): the screen shows the first ones, and 1,000
 * companies' rows cost the API more to serialise than the sum costs PostgreSQL. The XLSX has every company.
 */
export const PORTFOLIO_TOP = { companies: 50, groups: 20 } as const;

export const topOf = (view: PortfolioView): PortfolioView => ({
  ...view,
  byCompany: view.byCompany.slice(0, PORTFOLIO_TOP.companies),
  byGroup: view.byGroup.slice(0, PORTFOLIO_TOP.groups),
});

/**
 * Answers of one kind kept per scope and business day for `freshMs` of real time (a test clock moved forward must
 * not serve an old sum as fresh), one computation at a time per key (concurrent callers share it).
 */
export function freshFor<T>(
  clock: AppDeps['clock'],
  compute: (scope: ProvisionScope, today: string) => Promise<T>,
  freshMs = PORTFOLIO_FRESH_MS,
) {
  const answers = new Map<string, { at: number; answer: Promise<T> }>();
  return function answerFor(actor: AuthUser): Promise<T> {
    const scope = provisionScopeOf(actor);
    const today = businessClock(clock.now()).day;
    const key = `${JSON.stringify(scope)}|${today}`;
    const held = answers.get(key);
    const at = Date.now();
    if (held && at - held.at < freshMs) return held.answer;
    const answer = compute(scope, today);
    answers.set(key, { at, answer });
    answer.catch(() => answers.delete(key));
    if (answers.size > 1_000) answers.delete(answers.keys().next().value!);
    return answer;
  };
}

/** One app's portfolio answers: the whole view (the XLSX) and its top rows (the screen), per scope and day. */
export function createPortfolioViews({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, freshMs = PORTFOLIO_FRESH_MS) {
  const whole = freshFor(clock, (scope, today) => computePortfolio(db, scope, today), freshMs);
  const screen = new WeakMap<Promise<PortfolioView>, Promise<PortfolioView>>();
  return {
    whole,
    top(actor: AuthUser): Promise<PortfolioView> {
      const view = whole(actor);
      if (!screen.has(view)) screen.set(view, view.then(topOf));
      return screen.get(view)!;
    },
  };
}
