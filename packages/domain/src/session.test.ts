import { describe, expect, it } from 'vitest';
import { canRefreshSession, isTokenExpired, refreshDelayMs, sessionExpiryMs } from './session';

describe('session rules (spec 1 §4)', () => {
  it.each([
    [3_600_000, 3_594_000],
    [6000, 0],
    [1000, 0],
  ])('a token living %i ms gives a session of %i ms', (lifetime, expiry) => {
    expect(sessionExpiryMs(lifetime)).toBe(expiry);
  });

  it.each([
    [1_700_003_600, 1_700_000_000, 3_594_000],
    [1_700_000_010, 1_700_000_000, 4_000],
    [1_700_000_001, 1_700_000_000, 0],
  ])('refresh timer for exp %i and start %i is %i ms', (exp, start, delay) => {
    expect(refreshDelayMs(exp, start)).toBe(delay);
  });

  it.each([
    [2, 0, true],
    [2, 2, true],
    [2, 3, false],
    [1, 0, false],
    [3, 0, false],
    [4, 0, false],
    [5, 0, false],
  ] as const)('type %i with counter %i may refresh: %s', (type, counter, allowed) => {
    expect(canRefreshSession(type, counter)).toBe(allowed);
  });

  it.each([
    [1000, 999_000, false],
    [1000, 1_000_000, true],
    [1000, 1_000_001, true],
  ])('exp %i at now %i is expired: %s', (exp, now, expired) => {
    expect(isTokenExpired(exp, now)).toBe(expired);
  });
});
