import { describe, expect, it } from 'vitest';
import { Money } from '../money';
import { curtailmentSchedule, curtailmentShares, scheduledCurtailmentFrom } from './curtailments';

const m = (amount: string) => Money.of(amount);
const shown = (steps: ReturnType<typeof curtailmentSchedule>) =>
  steps.map((s) => [s.date, s.amount.toDecimalString(), s.paidDownBy.toDecimalString()]);

describe('the curtailments of the term rule', () => {
  it('a 3-month credit (92 days) pays a third on days 30 and 60 and the last third on its due date', () => {
    expect(curtailmentShares('2026-01-01', '2026-04-03')).toBe(3);
    expect(shown(curtailmentSchedule(m('300000.00'), '2026-01-01', '2026-04-03'))).toEqual([
      ['2026-01-31', '100000.00', '100000.00'],
      ['2026-03-02', '100000.00', '200000.00'],
      ['2026-04-03', '100000.00', '300000.00'],
    ]);
  });

  it('a credit of one month (or less than 30 days) owes it all on its due date', () => {
    expect(shown(curtailmentSchedule(m('1234.56'), '2026-02-01', '2026-03-01'))).toEqual([
      ['2026-03-01', '1234.56', '1234.56'],
    ]);
    expect(curtailmentShares('2026-02-01', '2026-02-10')).toBe(1);
  });

  it('shares that do not divide the cents are rounded half up and still add up to the principal', () => {
    const steps = curtailmentSchedule(m('100.00'), '2026-01-01', '2026-04-01'); // 90 days: 3 shares
    expect(shown(steps)).toEqual([
      ['2026-01-31', '33.33', '33.33'],
      ['2026-03-02', '33.34', '66.67'],
      ['2026-04-01', '33.33', '100.00'],
    ]);
    expect(Money.sum(steps.map((s) => s.amount)).toDecimalString()).toBe('100.00');
  });

  it('the next one from a day: the first share dated that day or later; none past the end date', () => {
    const principal = m('300000.00');
    expect(scheduledCurtailmentFrom(principal, '2026-01-01', '2026-04-03', '2026-01-01')).toEqual({
      date: '2026-01-31',
      amount: m('100000.00'),
    });
    // Due today counts as the next one.
    expect(scheduledCurtailmentFrom(principal, '2026-01-01', '2026-04-03', '2026-01-31')?.date).toBe('2026-01-31');
    expect(scheduledCurtailmentFrom(principal, '2026-01-01', '2026-04-03', '2026-02-01')?.date).toBe('2026-03-02');
    expect(scheduledCurtailmentFrom(principal, '2026-01-01', '2026-04-03', '2026-04-03')?.date).toBe('2026-04-03');
    expect(scheduledCurtailmentFrom(principal, '2026-01-01', '2026-04-03', '2026-04-04')).toBeNull();
    // A credit that starts after today: its first share.
    expect(scheduledCurtailmentFrom(principal, '2026-01-01', '2026-04-03', '2025-12-01')?.date).toBe('2026-01-31');
  });
});
