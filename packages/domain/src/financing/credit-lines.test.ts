import { describe, expect, it } from 'vitest';
import { termLabel } from '../messages';
import { availableBalance, parseTerms, roundAmount } from './credit-lines';

describe('available balance (spec 3 §5)', () => {
  it.each([
    [500_000, 0, 500_000],
    [500_000, 120_000.5, 379_999.5],
    [100, 100, 0],
    [100, 250.75, 0],
    [0, 0, 0],
    [1_000.005, 0, 1_000.01],
    [0.3, 0.1, 0.2],
    [10.456, 0.001, 10.46],
    [-50, 0, 0],
    [Number.NaN, 0, 0],
    [100, Number.POSITIVE_INFINITY, 0],
  ])('montoRestante %d minus reserved %d is %d', (restante, reserved, expected) => {
    expect(availableBalance(restante, reserved)).toBe(expected);
  });

  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [-1.5, -1.5],
    [123.4, 123.4],
  ])('rounds %d to %d', (amount, expected) => {
    expect(roundAmount(amount)).toBe(expected);
  });
});

describe('terms of a line (spec 2 §3, spec 3 §3)', () => {
  it.each([
    ['1|2|3|6', [1, 2, 3, 6]],
    ['6|3|1|2', [1, 2, 3, 6]],
    ['1||3| |6|', [1, 3, 6]],
    [' 12 | 4 ', [4, 12]],
    ['3|3|1', [1, 3]],
    ['0|x|2.5|-1|4', [4]],
    ['', []],
    [null, []],
    [undefined, []],
  ] as const)('%j gives %j', (plazos, terms) => {
    expect(parseTerms(plazos)).toEqual(terms);
  });

  it('labels each term as "Plazo - N"', () => {
    expect(parseTerms('3|1').map(termLabel)).toEqual(['Plazo - 1', 'Plazo - 3']);
  });
});
