import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, fromIsoDate, toIsoDate } from './format';

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
});
