import { describe, expect, it } from 'vitest';
import { unitRemoved } from '../messages-financing';
import type { UserType } from '../user-types';
import { evidenceSizeLabel, mayChangeReview, unitEvidenceDeletable } from './units-review';

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
