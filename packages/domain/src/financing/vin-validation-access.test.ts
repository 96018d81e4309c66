import { describe, expect, it } from 'vitest';
import { mayValidateVin } from './vin-validation-access';

describe('who may validate a VIN (decision 063)', () => {
  it.each([
    ['a VIN no unit holds', { inScope: false, outsideScope: false }, true],
    ['a VIN of the caller’s own units', { inScope: true, outsideScope: false }, true],
    ['a VIN the caller’s units and another group’s both hold', { inScope: true, outsideScope: true }, true],
    ['a VIN only another group’s units hold', { inScope: false, outsideScope: true }, false],
  ])('%s: %s', (_name, holders, allowed) => {
    expect(mayValidateVin(holders)).toBe(allowed);
  });
});
