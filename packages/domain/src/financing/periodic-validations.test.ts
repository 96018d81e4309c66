import { describe, expect, it } from 'vitest';
import { dueValidationSlot } from './periodic-validations';

// Mexico City is UTC−6 all year (no daylight saving time since 2022).
const at = (utc: string) => new Date(utc);

describe('dueValidationSlot', () => {
  it.each([
    // now (UTC)                 days time     due slot
    ['2026-11-23T07:59:00Z', 1, '02:00', null], // 01:59 in Mexico City: not yet
    ['2026-11-23T08:00:00Z', 1, '02:00', '2026-11-23'], // 02:00: due
    ['2026-11-24T05:30:00Z', 1, '02:00', '2026-11-23'], // 23:30 the same local day: still that day's slot
    ['2026-11-24T08:00:00Z', 0, '02:00', '2026-11-24'], // 0 days reads as every day
    ['2026-11-24T18:00:00Z', 2, '09:00', null], // day 20781 is odd: every 2 days skips it
    ['2026-11-23T18:00:00Z', 2, '09:00', '2026-11-23'], // day 20780 is even
    ['2026-11-24T18:00:00Z', 1, '25:00', null], // not a time
    ['2026-11-24T18:00:00Z', -1, '09:00', null], // not an interval
    ['2026-11-24T18:00:00Z', 1, '09:00:00', '2026-11-24'], // a database time with seconds
  ])('at %s every %i day(s) at %s → %s', (now, days, time, slot) => {
    expect(dueValidationSlot({ now: at(now), days, time })).toBe(slot);
  });
});
