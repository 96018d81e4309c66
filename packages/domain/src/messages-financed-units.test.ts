import { describe, expect, it } from 'vitest';
import { formatBusinessDate } from './business-dates';
import {
  noticeGraceEnding,
  noticeHoldLifted,
  noticeSoldOutOfTrust,
  noticeUnitSold,
  soldOutOfTrustUnits,
} from './messages-financed-units';

describe('the sold-out-of-trust texts (issue 29 §2)', () => {
  it('the pre-check’s reason, in the spec’s voice, singular for one unit', () => {
    expect(soldOutOfTrustUnits(1)).toBe('Tienes 1 unidad vendida sin liquidar');
    expect(soldOutOfTrustUnits(2)).toBe('Tienes 2 unidades vendidas sin liquidar');
    expect(soldOutOfTrustUnits(12)).toBe('Tienes 12 unidades vendidas sin liquidar');
  });

  it('each notice names the unit, and the due date as the screens show dates (dd/MM/yyyy)', () => {
    const vin = '3VWFE21C04M000001';
    const due = formatBusinessDate('2026-03-16');
    for (const text of [noticeUnitSold(vin, due), noticeGraceEnding(vin, due), noticeSoldOutOfTrust(vin, due)]) {
      expect(text).toContain(vin);
      expect(text).toContain('16/03/2026');
    }
    expect(noticeSoldOutOfTrust(vin, due)).toContain('vencida sin liquidar');
    expect(noticeHoldLifted(vin)).toContain(vin);
  });
});
