import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, fromClock, fromIsoDate, toClock, toIsoDate } from './format';

describe('display formats (spec 1 §9)', () => {
  it.each([
    ['2026-03-02', '02/03/2026'],
    ['2026-12-31', '31/12/2026'],
    ['2026-03-02T23:30:00', '02/03/2026'],
    ['2026-11-21T03:30:00Z', '20/11/2026'],
    [null, ''],
    ['', ''],
    ['no es fecha', ''],
  ])('formatDate(%j) → %j', (input, expected) => expect(formatDate(input)).toBe(expected));

  it.each([
    ['2026-03-02T09:05:00', '02/03/2026 09:05'],
    ['2026-03-02T23:59:00', '02/03/2026 23:59'],
    [undefined, ''],
    // An instant is shown on the business's clock (Mexico City, UTC-6) whatever the zone this test runs in.
    ['2026-11-20T15:07:00.000Z', '20/11/2026 09:07'],
    ['2026-11-21T03:30:00Z', '20/11/2026 21:30'],
  ])('formatDateTime(%j) → %j', (input, expected) => expect(formatDateTime(input)).toBe(expected));

  it.each([
    [1234.5, '1,234.50'],
    ['98765432.1', '98,765,432.10'],
    [0, '0.00'],
    [-15, '-15.00'],
    [0.005, '0.01'],
    [null, ''],
    ['abc', ''],
  ])('formatAmount(%j) → %j', (input, expected) => expect(formatAmount(input)).toBe(expected));

  it.each(['2026-01-01', '2026-02-28', '2026-12-31'])('%s survives the trip through a Date', (iso) =>
    expect(toIsoDate(fromIsoDate(iso))).toBe(iso),
  );

  it('reads a day as that local midnight, and refuses a day that does not exist or is not a date', () => {
    const day = fromIsoDate('2026-03-02');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate(), day?.getHours()]).toEqual([2026, 2, 2, 0]);
    expect(fromIsoDate('2026-02-30')).toBeNull();
    // A year being typed in a date field passes through 0002, 0020, 0203: each stays that year, not 1902.
    expect(fromIsoDate('0002-12-13')?.getFullYear()).toBe(2);
    expect(toIsoDate(fromIsoDate('0020-12-13'))).toBe('0020-12-13');
    expect(fromIsoDate('2026-13-01')).toBeNull();
    expect(fromIsoDate('02/03/2026')).toBeNull();
    expect(fromIsoDate('')).toBeNull();
    expect(toIsoDate(new Date(Number.NaN))).toBe('');
    expect(toIsoDate(null)).toBe('');
  });

  it('reads a date-time as the instant it names', () =>
    expect(fromIsoDate('2026-11-21T03:30:00Z')?.toISOString()).toBe('2026-11-21T03:30:00.000Z'));

  it('keeps a picked time as HH:mm', () => {
    expect(toClock(fromClock('07:05'))).toBe('07:05');
    expect(toClock(fromClock('23:59'))).toBe('23:59');
    expect(toClock(null)).toBe('');
    expect(fromClock('7:5')).toBeNull();
  });
});
