import { describe, expect, it } from 'vitest';
import { formatBusinessDate, formatBusinessDateTime } from './business-dates';

// Mexico City keeps UTC-6 all year (since 2022): 15:07Z is 09:07 there, 03:30Z is still the day before.
describe('dates and times as every screen shows them (Mexico City, issue 26 §15)', () => {
  it.each([
    // The instant of issue 26: 15:07 in UTC is 09:07 on the business's clock.
    ['2026-11-20T15:07:00.000Z', '20/11/2026 09:07'],
    ['2026-11-20T15:07:59Z', '20/11/2026 09:07'],
    // Late evening in Mexico City is already tomorrow in UTC: the day is Mexico City's.
    ['2026-11-21T03:30:00Z', '20/11/2026 21:30'],
    ['2026-11-21T06:00:00Z', '21/11/2026 00:00'],
    ['2026-11-20T09:07:00-06:00', '20/11/2026 09:07'],
    // A time without a zone is already a wall-clock time.
    ['2026-03-02T09:05:00', '02/03/2026 09:05'],
    ['2026-03-02 23:59', '02/03/2026 23:59'],
    // A calendar day is that day.
    ['2026-12-31', '31/12/2026 00:00'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['no es fecha', ''],
    ['2026-02-30', ''],
  ])('formatBusinessDateTime(%j) → %j', (value, shown) => {
    expect(formatBusinessDateTime(value)).toBe(shown);
  });

  it.each([
    ['2026-11-21T03:30:00Z', '20/11/2026'],
    ['2026-11-20T15:07:00.000Z', '20/11/2026'],
    ['2026-03-02', '02/03/2026'],
    ['2026-12-31', '31/12/2026'],
    ['2026-03-02T23:30:00', '02/03/2026'],
    [null, ''],
  ])('formatBusinessDate(%j) → %j', (value, shown) => {
    expect(formatBusinessDate(value)).toBe(shown);
  });

  it('reads a Date and epoch milliseconds as instants', () => {
    const instant = Date.UTC(2026, 10, 20, 15, 7);
    expect(formatBusinessDateTime(new Date(instant))).toBe('20/11/2026 09:07');
    expect(formatBusinessDateTime(instant)).toBe('20/11/2026 09:07');
  });

  it('is the same whatever time zone the process runs in', () => {
    // The formatter never reads the host's zone: another zone passed in moves the clock, the host's does not.
    expect(formatBusinessDateTime('2026-11-20T15:07:00Z', 'UTC')).toBe('20/11/2026 15:07');
    expect(formatBusinessDateTime('2026-11-20T15:07:00Z', 'Asia/Tokyo')).toBe('21/11/2026 00:07');
  });
});
