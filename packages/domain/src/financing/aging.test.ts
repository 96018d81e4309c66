import { describe, expect, it } from 'vitest';
import { AGING_BUCKETS, agingBucketLabel, agingBucketOf, daysFloored } from './aging';

describe('days floored (issue 29 §1, §4)', () => {
  it.each([
    ['released today', '2026-03-02', '2026-03-02', 0],
    ['the next day, a Tuesday', '2026-03-02', '2026-03-03', 1],
    ['a weekend counts', '2026-03-06', '2026-03-09', 3],
    ['30 days', '2026-03-02', '2026-04-01', 30],
    ['31 days', '2026-03-02', '2026-04-02', 31],
    ['over February of a non-leap year', '2026-02-01', '2026-03-01', 28],
    ['over the year end', '2026-12-15', '2027-01-14', 30],
    ['a leap year’s February', '2028-02-28', '2028-03-01', 2],
  ])('%s: %s → %s is %i', (_, release, today, days) => {
    expect(daysFloored(release, today)).toBe(days);
  });

  it('reads a release instant and now on Mexico City’s clock', () => {
    // Released 2 March at 23:00 there (05:00 UTC on the 3rd), asked at 06:00 there on 3 March: 1 day, not 0.
    expect(daysFloored(new Date('2026-03-03T05:00:00Z'), new Date('2026-03-03T12:00:00Z'))).toBe(1);
    expect(daysFloored('2026-03-03T05:00:00Z', '2026-03-03')).toBe(1);
  });

  it('never counts below 0', () => {
    expect(daysFloored('2026-03-05', '2026-03-02')).toBe(0);
  });
});

describe('aging buckets: 0–30, 31–60, 61–90, 91–120, > 120 (issue 29 §4)', () => {
  it.each([
    [0, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '91-120'],
    [120, '91-120'],
    [121, '120+'],
    [1000, '120+'],
  ])('%i days is %s', (days, bucket) => {
    expect(agingBucketOf(days)).toBe(bucket);
  });

  it('refuses what is not a whole number of days', () => {
    for (const days of [-1, 1.5, Number.NaN]) expect(() => agingBucketOf(days)).toThrow(RangeError);
  });

  it('labels them in Spanish, in order', () => {
    expect(AGING_BUCKETS.map((b) => agingBucketLabel(b.key))).toEqual([
      '0 a 30 días',
      '31 a 60 días',
      '61 a 90 días',
      '91 a 120 días',
      'Más de 120 días',
    ]);
  });
});
