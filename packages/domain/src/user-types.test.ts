import { describe, expect, it } from 'vitest';
import { isDealer, lineTypeLabel, roleLabel } from './user-types';

describe('roleLabel (spec 1 §1)', () => {
  it.each([
    [1, 'Super usuario'],
    [2, 'Administrador Finbe'],
    [3, 'Operador Finbe'],
    [4, 'Representante Legal'],
    [5, 'Operador Agencia'],
    [0, '-'],
    [6, '-'],
    ['2', '-'],
    [null, '-'],
  ])('type %j is labelled %s', (type, label) => {
    expect(roleLabel(type)).toBe(label);
  });
});

describe('isDealer', () => {
  it.each([
    [1, false],
    [2, false],
    [3, false],
    [4, true],
    [5, true],
  ] as const)('type %i → %s', (type, dealer) => {
    expect(isDealer(type)).toBe(dealer);
  });
});

describe('lineTypeLabel (spec 1 §3)', () => {
  it.each([
    [100000001, 'Seminuevos'],
    [100000000, 'Nuevos'],
  ])('%i is %s', (code, label) => {
    expect(lineTypeLabel(code)).toBe(label);
  });
});
