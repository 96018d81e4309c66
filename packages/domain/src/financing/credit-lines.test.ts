import { describe, expect, it } from 'vitest';
import { termLabel } from '../messages';
import { Money } from '../money';
import { availableBalance, fitsBalance, parseTerms } from './credit-lines';

describe('available balance (spec 3 §5)', () => {
  it.each([
    ['500000', '0', '500000.00'],
    ['500000', '120000.50', '379999.50'],
    ['100', '100', '0.00'],
    ['100', '250.75', '0.00'],
    ['0', '0', '0.00'],
    ['0.3', '0.1', '0.20'],
    ['-50', '0', '0.00'],
    ['123456789.99', '0.01', '123456789.98'],
  ])('montoRestante %s minus reserved %s is %s', (restante, reserved, expected) => {
    expect(availableBalance(Money.of(restante), Money.of(reserved)).toDecimalString()).toBe(expected);
  });

  it.each([
    ['100.00', '100.00', true],
    ['100.00', '100.01', false],
    ['100.00', '0.01', true],
    ['0.00', '0.01', false],
  ])('with %s available, reserving %s fits: %s', (available, amount, fits) => {
    expect(fitsBalance(Money.of(available), Money.of(amount))).toBe(fits);
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
