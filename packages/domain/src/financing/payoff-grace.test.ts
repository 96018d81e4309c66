import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  isGraceOver,
  latestDueReminded,
  PAYOFF_GRACE_DAYS_DEFAULT,
  payoffDueDate,
  payoffGraceDays,
  reminderDate,
} from './payoff-grace';

// The lender's calendar in these tests (Días inhábiles): Benito Juárez (Monday 16 March 2026), Holy Thursday and
// Good Friday (2 and 3 April 2026), Christmas (Friday 25 December 2026) and New Year (Friday 1 January 2027).
const HOLIDAYS = [
  { date: '2026-03-16', reason: 'Natalicio de Benito Juárez' },
  { date: '2026-04-02', reason: 'Jueves Santo' },
  { date: '2026-04-03', reason: 'Viernes Santo' },
  { date: '2026-12-25', reason: 'Navidad' },
  { date: '2027-01-01', reason: 'Año nuevo' },
];

describe('the payoff grace (issue 29 §2: due within N days of the sale, on business days)', () => {
  it('is 10 days unless /configuraciones says otherwise', () => {
    expect(PAYOFF_GRACE_DAYS_DEFAULT).toBe(10);
  });

  it.each<[string, string, number, readonly { date: string }[], string]>([
    ['a Monday sale, 10 days, no holidays: two weeks later', '2026-03-02', 10, [], '2026-03-16'],
    ['the same, the tenth day a holiday: the day after', '2026-03-02', 10, HOLIDAYS, '2026-03-17'],
    ['a Saturday sale, 1 day: the Monday', '2026-03-07', 1, [], '2026-03-09'],
    ['a Sunday sale, 1 day: the Monday', '2026-03-08', 1, [], '2026-03-09'],
    ['a Friday sale, 1 day: the Monday', '2026-03-13', 1, [], '2026-03-16'],
    ['a Friday sale, 1 day, that Monday a holiday: the Tuesday', '2026-03-13', 1, HOLIDAYS, '2026-03-17'],
    ['a sale on a holiday, 2 days: the holiday does not count', '2026-03-16', 2, HOLIDAYS, '2026-03-18'],
    ['over Easter, 10 days: Thursday, Friday and the weekend skipped', '2026-03-30', 10, HOLIDAYS, '2026-04-15'],
    ['the same without the Easter holidays', '2026-03-30', 10, [], '2026-04-13'],
    ['before Christmas, 5 days', '2026-12-23', 5, HOLIDAYS, '2026-12-31'],
    ['before Christmas, 6 days: New Year and a weekend skipped', '2026-12-23', 6, HOLIDAYS, '2027-01-04'],
    ['the longest grace, 90 days: 18 whole weeks', '2026-03-02', 90, [], '2026-07-06'],
  ])('%s', (_, saleDate, graceDays, holidays, due) => {
    expect(payoffDueDate(saleDate, graceDays, holidays)).toBe(due);
  });

  it('takes the lender’s days as plain days too', () => {
    expect(payoffDueDate('2026-03-02', 10, ['2026-03-16'])).toBe('2026-03-17');
  });

  it('reads a sale instant as its day in Mexico City (9 p.m. on 2 March there is already 3 March in UTC)', () => {
    expect(payoffDueDate(new Date('2026-03-03T03:00:00Z'), 10, [])).toBe('2026-03-16');
    expect(payoffDueDate('2026-03-03T03:00:00Z', 10, [])).toBe('2026-03-16');
  });

  it('refuses a grace outside 1..90 days or not whole', () => {
    for (const graceDays of [0, 91, 2.5, Number.NaN]) {
      expect(() => payoffDueDate('2026-03-02', graceDays, [])).toThrow(RangeError);
    }
  });

  it('refuses a day that does not exist', () => {
    expect(() => payoffDueDate('2026-02-30', 10, [])).toThrow(RangeError);
  });

  it('counts backwards the same way', () => {
    expect(addBusinessDays('2026-03-17', -3, HOLIDAYS)).toBe('2026-03-11');
    expect(addBusinessDays('2026-03-09', -1, [])).toBe('2026-03-06');
    expect(addBusinessDays('2026-03-09', 0, [])).toBe('2026-03-09');
  });
});

describe('the end of the grace', () => {
  it('the due date is still within the grace; the next day it is over', () => {
    expect(isGraceOver('2026-03-16', '2026-03-15')).toBe(false);
    expect(isGraceOver('2026-03-16', '2026-03-16')).toBe(false);
    expect(isGraceOver('2026-03-16', '2026-03-17')).toBe(true);
  });

  it('on the business’s clock: 23:30 in Mexico City is still the due date, 00:30 the day after is not', () => {
    expect(isGraceOver('2026-03-16', new Date('2026-03-17T05:30:00Z'))).toBe(false);
    expect(isGraceOver('2026-03-16', new Date('2026-03-17T06:30:00Z'))).toBe(true);
  });
});

describe('the reminder, 3 days before the grace ends (issue 29 §2)', () => {
  it('is 3 business days before the due date, so the dealer still has 3 business days', () => {
    expect(reminderDate('2026-03-16', [], '2026-03-02')).toBe('2026-03-11');
    // Due Tuesday 17 after the Monday holiday: Wednesday 11 leaves Thursday, Friday and Tuesday.
    expect(reminderDate('2026-03-17', HOLIDAYS, '2026-03-02')).toBe('2026-03-11');
    // Due Wednesday 15 April: Easter's Thursday and Friday are not days left to pay.
    expect(reminderDate('2026-04-15', HOLIDAYS, '2026-03-30')).toBe('2026-04-10');
  });

  it('is none when it would fall on or before the sale (a grace of 3 days or fewer): the sale’s notice says it', () => {
    expect(reminderDate(payoffDueDate('2026-03-02', 3, []), [], '2026-03-02')).toBeNull();
    expect(reminderDate(payoffDueDate('2026-03-02', 4, []), [], '2026-03-02')).toBe('2026-03-03');
  });
});

describe('the units whose reminder day has come', () => {
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('are exactly those due on or before the latest due date it names, on any day of the calendar', () => {
    // Every day from March to mid-April 2026 (weekends, Benito Juárez, Easter) and every due date near it: a due date
    // is reminded by `today` exactly when it is on or before latestDueReminded(today).
    for (let t = 0; t < 45; t++) {
      const today = shift('2026-03-01', t);
      const latest = latestDueReminded(today, HOLIDAYS);
      for (let d = 0; d < 30; d++) {
        const due = shift(today, d);
        const reminded = addBusinessDays(due, -3, HOLIDAYS) <= today;
        expect(due <= latest, `${today} due ${due}`).toBe(reminded);
      }
    }
  });

  it('reaches past a weekend and a holiday: on Thursday 12 March, units due up to Wednesday 18 March', () => {
    expect(latestDueReminded('2026-03-12', HOLIDAYS)).toBe('2026-03-18');
    expect(latestDueReminded('2026-03-12', [])).toBe('2026-03-17');
  });
});

describe('the grace in /configuraciones', () => {
  it.each([
    [10, 10],
    ['10', 10],
    [' 1 ', 1],
    [90, 90],
  ])('accepts %j', (input, days) => {
    expect(payoffGraceDays.parse(input)).toBe(days);
  });

  it.each([0, 91, 2.5, -3, 'diez', '1e1x'])('refuses %j with the field’s own text', (input) => {
    const result = payoffGraceDays.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Los días de gracia deben ser un número entero entre 1 y 90');
  });

  it.each(['', '  ', undefined, null])('an empty field is required (%j)', (input) => {
    expect(payoffGraceDays.safeParse(input).error?.issues[0]?.message).toBe('Campo requerido.');
  });
});
