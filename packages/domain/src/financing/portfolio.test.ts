import { describe, expect, it } from 'vitest';
import { Money } from '../money';
import { agingBucketOf, daysFloored } from './aging';
import {
  agingReleaseRange,
  dueWindow,
  lineUtilisation,
  portfolioOf,
  portfolioRegisterQuery,
  utilisationByCompany,
  type PortfolioUnit,
} from './portfolio';

const m = (amount: string) => Money.of(amount);
const CURRENT = 1;
const SOLD = 2;
const PAID = 3;
const SOT = 4;
const TODAY = '2026-03-10';

// Six units on Tuesday 10 March 2026; the days floored and the windows are counted by hand in the comments.
const UNITS: PortfolioUnit[] = [
  // A: 9 days floored; curtailment in 7 days; maturity in August.
  {
    companyId: 1,
    groupId: 10,
    status: CURRENT,
    balance: m('100000.00'),
    releaseDate: '2026-03-01',
    endDate: '2026-08-28',
    nextCurtailment: { date: '2026-03-17', amount: m('10000.00') },
  },
  // B: sold, 60 days floored; curtailment in 8 days, maturity in 10.
  {
    companyId: 1,
    groupId: 10,
    status: SOLD,
    balance: m('250000.50'),
    releaseDate: '2026-01-09',
    endDate: '2026-03-20',
    nextCurtailment: { date: '2026-03-18', amount: m('25000.05') },
  },
  // C: SOT, 120 days floored; curtailment yesterday (past due), maturity today.
  {
    companyId: 2,
    groupId: 10,
    status: SOT,
    balance: m('99999.99'),
    releaseDate: '2025-11-10',
    endDate: '2026-03-10',
    nextCurtailment: { date: '2026-03-09', amount: m('5000.00') },
  },
  // D: 121 days floored, no group, nothing scheduled.
  {
    companyId: 3,
    groupId: null,
    status: CURRENT,
    balance: m('0.01'),
    releaseDate: '2025-11-09',
    endDate: null,
    nextCurtailment: null,
  },
  // E: paid off: counted nowhere.
  {
    companyId: 2,
    groupId: 10,
    status: PAID,
    balance: m('500000.00'),
    releaseDate: '2025-12-01',
    endDate: '2026-03-12',
    nextCurtailment: { date: '2026-03-11', amount: m('1.00') },
  },
  // F: 61 days floored; curtailment today; maturity in exactly 30 days.
  {
    companyId: 3,
    groupId: null,
    status: CURRENT,
    balance: m('1234.56'),
    releaseDate: '2026-01-08',
    endDate: '2026-04-09',
    nextCurtailment: { date: '2026-03-10', amount: m('123.45') },
  },
];

const plain = (sum: { count: number; amount: Money }) => ({ count: sum.count, amount: sum.amount.toDecimalString() });

describe('the portfolio view’s numbers (issue 29 §4)', () => {
  const portfolio = portfolioOf(UNITS, TODAY);

  it('exposure: every unit not paid off, to the cent', () => {
    expect(plain(portfolio.exposure)).toEqual({ count: 5, amount: '451235.06' });
  });

  it('by company and by group, the largest first', () => {
    expect(portfolio.byCompany.map((r) => ({ companyId: r.companyId, ...plain(r) }))).toEqual([
      { companyId: 1, count: 2, amount: '350000.50' },
      { companyId: 2, count: 1, amount: '99999.99' },
      { companyId: 3, count: 2, amount: '1234.57' },
    ]);
    expect(portfolio.byGroup.map((r) => ({ groupId: r.groupId, ...plain(r) }))).toEqual([
      { groupId: 10, count: 3, amount: '450000.49' },
      { groupId: null, count: 2, amount: '1234.57' },
    ]);
  });

  it('aging buckets by days floored: 0–30, 31–60, 61–90, 91–120, > 120', () => {
    expect(portfolio.aging.map((r) => ({ bucket: r.bucket, ...plain(r) }))).toEqual([
      { bucket: '0-30', count: 1, amount: '100000.00' },
      { bucket: '31-60', count: 1, amount: '250000.50' },
      { bucket: '61-90', count: 1, amount: '1234.56' },
      { bucket: '91-120', count: 1, amount: '99999.99' },
      { bucket: '120+', count: 1, amount: '0.01' },
    ]);
  });

  it('curtailments due: past due, in 7 days (today and the 7th day included), in 30 days', () => {
    expect(plain(portfolio.curtailments.pastDue)).toEqual({ count: 1, amount: '5000.00' });
    expect(plain(portfolio.curtailments.in7Days)).toEqual({ count: 2, amount: '10123.45' });
    expect(plain(portfolio.curtailments.in30Days)).toEqual({ count: 3, amount: '35123.50' });
  });

  it('maturities due: the balance of the units whose credit ends in 7 and in 30 days', () => {
    expect(plain(portfolio.maturities.pastDue)).toEqual({ count: 0, amount: '0.00' });
    expect(plain(portfolio.maturities.in7Days)).toEqual({ count: 1, amount: '99999.99' });
    expect(plain(portfolio.maturities.in30Days)).toEqual({ count: 3, amount: '351235.05' });
  });

  it('units sold and unpaid, and units in SOT', () => {
    expect(plain(portfolio.soldUnpaid)).toEqual({ count: 1, amount: '250000.50' });
    expect(plain(portfolio.soldOutOfTrust)).toEqual({ count: 1, amount: '99999.99' });
  });

  it('adds cents exactly where floats would not (0.10 + 0.20 three times is 0.90)', () => {
    const unit = { ...UNITS[3]!, companyId: 9 };
    const sums = portfolioOf(
      [0.1, 0.2, 0.1, 0.2, 0.1, 0.2].map((n) => ({ ...unit, balance: Money.of(n) })),
      TODAY,
    );
    expect(sums.exposure.amount.toDecimalString()).toBe('0.90');
  });

  it('an empty register: zeros everywhere, every bucket listed', () => {
    const empty = portfolioOf([], TODAY);
    expect(plain(empty.exposure)).toEqual({ count: 0, amount: '0.00' });
    expect(empty.byCompany).toEqual([]);
    expect(empty.aging.map((r) => [r.bucket, r.count])).toEqual([
      ['0-30', 0],
      ['31-60', 0],
      ['61-90', 0],
      ['91-120', 0],
      ['120+', 0],
    ]);
  });

  it('reads now on Mexico City’s clock: at 23:00 on 9 March there, yesterday’s curtailment is today’s', () => {
    const late = portfolioOf(UNITS, new Date('2026-03-10T05:00:00Z'));
    expect(plain(late.curtailments.pastDue)).toEqual({ count: 0, amount: '0.00' });
  });
});

describe('line utilisation (used / limit)', () => {
  it.each([
    ['1.00', '3.00', '33.33', '2.00'],
    ['2.00', '3.00', '66.67', '1.00'],
    ['1.00', '8.00', '12.50', '7.00'],
    ['0.01', '200.00', '0.01', '199.99'],
    ['0.00', '500000.00', '0.00', '500000.00'],
    ['1500.00', '1000.00', '150.00', '-500.00'],
  ])('%s of %s is %s%%, %s left', (used, limit, percent, available) => {
    const line = lineUtilisation(m(used), m(limit));
    expect(line.percent).toBe(percent);
    expect(line.available.toDecimalString()).toBe(available);
  });

  it('a line without a limit has no percentage', () => {
    expect(lineUtilisation(m('10.00'), m('0.00')).percent).toBeNull();
  });

  it('per company: its exposure against its limit; a company with nothing outstanding uses 0', () => {
    const rows = utilisationByCompany(portfolioOf(UNITS, TODAY).byCompany, [
      { companyId: 1, limit: m('1000000.00') },
      { companyId: 4, limit: m('500000.00') },
      { companyId: 2, limit: m('100000.00') },
    ]);
    expect(rows.map((r) => [r.companyId, r.used.toDecimalString(), r.available.toDecimalString(), r.percent])).toEqual([
      [1, '350000.50', '649999.50', '35.00'],
      [4, '0.00', '500000.00', '0.00'],
      [2, '99999.99', '0.01', '100.00'],
    ]);
  });
});

describe('the portfolio’s links to the register', () => {
  it('an aging bucket is a range of release days: a bucket [min, max] on 10 March holds releases from −max to −min', () => {
    expect(agingReleaseRange('0-30', TODAY)).toEqual({ from: '2026-02-08' });
    expect(agingReleaseRange('31-60', TODAY)).toEqual({ from: '2026-01-09', to: '2026-02-07' });
    expect(agingReleaseRange('91-120', TODAY)).toEqual({ from: '2025-11-10', to: '2025-12-09' });
    expect(agingReleaseRange('120+', TODAY)).toEqual({ to: '2025-11-09' });
    // Each boundary day's units are in the bucket the days floored say.
    for (const bucket of ['0-30', '31-60', '61-90', '91-120', '120+'] as const) {
      const { from, to } = agingReleaseRange(bucket, TODAY);
      for (const day of [from, to].filter((d): d is string => d !== undefined)) {
        expect(agingBucketOf(daysFloored(day, TODAY))).toBe(bucket);
      }
    }
  });

  it('a due window runs from today through today + n days', () => {
    expect(dueWindow(TODAY, 7)).toEqual({ from: '2026-03-10', to: '2026-03-17' });
    expect(dueWindow(TODAY, 30)).toEqual({ from: '2026-03-10', to: '2026-04-09' });
  });

  it('each number links to the register with the statuses it counts', () => {
    expect(portfolioRegisterQuery({ figure: 'exposure', company: 7 })).toEqual({ status: '1,2,4', company: '7' });
    expect(portfolioRegisterQuery({ figure: 'exposure', account: 3 })).toEqual({ status: '1,2,4', account: '3' });
    expect(portfolioRegisterQuery({ figure: 'aging', bucket: '61-90' })).toEqual({ status: '1,2,4', aging: '61-90' });
    expect(portfolioRegisterQuery({ figure: 'due', due: 'curtailment', within: 7 })).toEqual({
      status: '1,2,4',
      due: 'curtailment',
      within: '7',
    });
    expect(portfolioRegisterQuery({ figure: 'soldUnpaid' })).toEqual({ status: '2' });
    expect(portfolioRegisterQuery({ figure: 'soldOutOfTrust', company: 2 })).toEqual({ status: '4', company: '2' });
    expect(portfolioRegisterQuery({ figure: 'auditFindings' })).toEqual({ status: '1,2,4', finding: 'open' });
  });
});
