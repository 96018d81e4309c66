import { describe, expect, it } from 'vitest';
import { exceptionCoversSoldOutOfTrust, soldOutOfTrustHold } from './sold-out-of-trust';

describe('the sold-out-of-trust hold (issue 29 §2)', () => {
  it('holds a company with units in SOT, and says how many', () => {
    expect(soldOutOfTrustHold({ sotUnits: 1, approvedExceptionCoversIt: false })).toEqual({
      held: true,
      reason: 'Tienes 1 unidad vendida sin liquidar',
    });
    expect(soldOutOfTrustHold({ sotUnits: 2, approvedExceptionCoversIt: false })).toEqual({
      held: true,
      reason: 'Tienes 2 unidades vendidas sin liquidar',
    });
  });

  it('an approved exception lifts it; the units are still listed', () => {
    expect(soldOutOfTrustHold({ sotUnits: 2, approvedExceptionCoversIt: true })).toEqual({
      held: false,
      reason: 'Tienes 2 unidades vendidas sin liquidar',
    });
  });

  it('lifts by itself when no unit is in SOT any more (the CRM showed the payoff)', () => {
    expect(soldOutOfTrustHold({ sotUnits: 0, approvedExceptionCoversIt: false })).toEqual({
      held: false,
      reason: null,
    });
  });
});

describe('which exception lifts it: the latest, approved after the hold began (as with audits, decision 056)', () => {
  const heldSince = '2026-03-17T06:05:00Z';

  it('approved after the unit fell into SOT, or at that very moment: covers it', () => {
    for (const approvedAt of ['2026-03-17T15:00:00Z', heldSince, new Date('2026-03-18T00:00:00Z')]) {
      expect(exceptionCoversSoldOutOfTrust({ latestExceptionStatus: 2, approvedAt, heldSince })).toBe(true);
    }
  });

  it('approved before: does not', () => {
    expect(
      exceptionCoversSoldOutOfTrust({ latestExceptionStatus: 2, approvedAt: '2026-03-10T18:00:00Z', heldSince }),
    ).toBe(false);
  });

  it.each([0, 1, 3, null])('an exception in status %j never covers it', (latestExceptionStatus) => {
    expect(
      exceptionCoversSoldOutOfTrust({ latestExceptionStatus, approvedAt: '2026-03-18T00:00:00Z', heldSince }),
    ).toBe(false);
  });
});
