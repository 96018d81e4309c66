import { describe, expect, it } from 'vitest';
import { unitRemoved } from '../messages-financing';
import type { UserType } from '../user-types';
import {
  evidenceSizeLabel,
  mayChangeReview,
  unitEvidenceDeletable,
  unitHoldsVin,
  unitReturnsToReview,
  unitsReturningToReview,
} from './units-review';

describe('units under review (spec 3 §2, §3, §9; decision 030)', () => {
  it.each<[UserType, boolean, boolean]>([
    [1, true, true],
    [1, false, true],
    [3, true, true],
    [3, false, true],
    [2, true, false],
    [4, false, false],
    [5, true, false],
    [5, false, true],
  ])('type %i setting review=%s is allowed: %s', (type, review, allowed) => {
    expect(mayChangeReview(type, review)).toBe(allowed);
  });

  it.each([
    [8, true],
    [7, false],
    [2, false],
    [4, false],
  ])('a unit evidence of type %i is deletable: %s', (type, deletable) => {
    expect(unitEvidenceDeletable(type)).toBe(deletable);
  });

  it.each([
    [512, '0.51 KB'],
    [250_000, '250.00 KB'],
    [1_000_000, '1,000.00 KB'],
    [1_000_001, '1.00 MB'],
    [12_345_678, '12.35 MB'],
  ])('%i bytes show as %s', (bytes, label) => {
    expect(evidenceSizeLabel(bytes)).toBe(label);
  });

  it('the removal message names the VIN as the spec words it', () => {
    expect(unitRemoved('3N1CN8AE0TL000001')).toBe('Unidad con VIN 3N1CN8AE0TL000001: Se removió correctamente');
  });
});

describe('units a confirmation leaves out go back to review (issue 26 item 1, decision 054)', () => {
  const unit = (id: number, included: boolean) => ({ id, included });

  it('Confirmar sends back the units it excludes; Rechazar sends every unit', () => {
    const units = [unit(1, true), unit(2, false), unit(3, false)];
    expect(unitsReturningToReview('confirm', units).map((u) => u.id)).toEqual([2, 3]);
    expect(unitsReturningToReview('reject', units).map((u) => u.id)).toEqual([1, 2, 3]);
  });

  it.each([
    // provision status, included, returns to review
    [3, false, false],
    [4, false, true],
    [4, true, false],
    [8, false, true],
    [10, false, true],
    [10, true, false],
    [9, true, true],
  ])('a unit of a provision at %i with included=%s returns to review: %s', (provisionStatus, included, expected) => {
    expect(unitReturnsToReview({ provisionStatus, included })).toBe(expected);
  });

  it.each([
    // provision status, included, sold, holds its VIN
    [1, true, false, true],
    [3, true, false, true],
    [4, true, false, true],
    [4, false, false, false],
    [8, true, false, true],
    [8, false, false, false],
    [10, true, false, true],
    [10, true, true, false],
    [10, false, false, false],
    [9, true, false, false],
    [11, true, false, false],
  ])(
    'a unit of a provision at %i (included=%s, sold=%s) holds its VIN: %s',
    (provisionStatus, included, isSold, expected) => {
      expect(unitHoldsVin({ provisionStatus, included, isSold })).toBe(expected);
    },
  );
});
