import { describe, expect, it } from 'vitest';
import { Money, MoneyError, formatAmountText, formatCurrencyText, moneyDecimal } from './money';
import { random } from './test-support/fixtures';

describe('parsing amounts', () => {
  it.each([
    ['1234.5', 123450n],
    ['1234.50', 123450n],
    ['0.10', 10n],
    ['0', 0n],
    ['  7.07 ', 707n],
    ['-15', -1500n],
    ['1.500', 150n],
    ['999999999999.99', 99_999_999_999_999n],
    [0.1, 10n],
    [1234.5, 123450n],
    [123456789.99, 12_345_678_999n],
    [-0.05, -5n],
  ] as const)('%j is %d cents', (input, cents) => {
    expect(Money.of(input).cents).toBe(cents);
  });

  it.each([
    ['1.005', 'precision'],
    [0.1 + 0.2, 'precision'],
    ['12.3456', 'precision'],
    ['1e3', 'format'],
    [1e21, 'format'],
    ['1,234.50', 'format'],
    ['abc', 'format'],
    ['', 'format'],
    ['.5', 'format'],
    ['5.', 'format'],
    ['+5', 'format'],
    ['0x10', 'format'],
    ['Infinity', 'format'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
    [null, 'format'],
    [undefined, 'format'],
    ['1000000000000', 'range'],
    ['-1000000000000.00', 'range'],
  ] as const)('%j is refused (%s)', (input, error) => {
    expect(Money.parse(input)).toEqual({ ok: false, error });
  });

  it('throws a MoneyError where an amount was trusted', () => {
    expect(() => Money.of('1.001')).toThrow(MoneyError);
    expect(() => Money.fromCents(0.5)).toThrow(MoneyError);
  });
});

describe('exact arithmetic', () => {
  it('adds 0.1 and 0.2 to exactly 0.30', () => {
    expect(Money.of('0.1').add(Money.of('0.2')).toDecimalString()).toBe('0.30');
    expect(Money.of(0.1).add(Money.of(0.2)).equals(Money.of('0.3'))).toBe(true);
    expect(Money.of('0.3').sub(Money.of('0.1')).toDecimalString()).toBe('0.20');
    // Where binary floats drift (0.1 ten times is 0.9999999999999999), cents do not.
    expect(Array.from({ length: 10 }, () => 0.1).reduce((a, b) => a + b)).not.toBe(1);
    expect(Money.sum(Array.from({ length: 10 }, () => Money.of(0.1))).toDecimalString()).toBe('1.00');
  });

  it('sums 10,000 random amounts to the cent', () => {
    const next = random(13);
    const texts: string[] = [];
    let expected = 0n;
    for (let i = 0; i < 10_000; i++) {
      // Up to 99,999,999.99, so the sum stays within numeric(14,2).
      const cents = BigInt(Math.floor(next() * 10_000_000_000));
      expected += cents;
      texts.push(Money.fromCents(cents).toDecimalString());
    }
    const total = Money.sum(texts.map((text) => Money.of(text)));
    expect(total.cents).toBe(expected);
    expect(total.toDecimalString()).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
  });

  it('sums a thousand 0.10 to exactly 100.00, and a large amount with cents stays exact', () => {
    const dimes = Money.sum(Array.from({ length: 1000 }, () => Money.of('0.10')));
    expect(dimes.toDecimalString()).toBe('100.00');
    expect(dimes.add(Money.of('123456789.99')).toDecimalString()).toBe('123456889.99');
  });

  it.each([
    ['100', '30.25', 1, '69.75'],
    ['100', '100', 0, '0.00'],
    ['100', '100.01', -1, '-0.01'],
  ] as const)('%s − %s compares %d and gives %s', (a, b, sign, difference) => {
    expect(Money.of(a).compare(Money.of(b))).toBe(sign);
    expect(Money.of(a).sub(Money.of(b)).toDecimalString()).toBe(difference);
  });

  it('knows zero, negative and clamps at zero', () => {
    expect(Money.zero.isZero()).toBe(true);
    expect(Money.of('-0.01').isNegative()).toBe(true);
    expect(Money.of('-0.01').atLeastZero()).toBe(Money.zero);
    expect(Money.of('5').atLeastZero().toDecimalString()).toBe('5.00');
    expect(Money.of('5').greaterThan(Money.of('4.99'))).toBe(true);
    expect(Money.of('4.99').lessThan(Money.of('5'))).toBe(true);
  });

  it.each([
    ['1.005', '1.01'],
    ['2.675', '2.68'],
    ['1.004999', '1.00'],
    ['-1.005', '-1.01'],
    ['10.456', '10.46'],
    ['123.4', '123.40'],
    ['0.004', '0.00'],
    [2.675, '2.68'],
  ] as const)('rounds %j half away from zero to %s', (input, rounded) => {
    expect(Money.round(input).toDecimalString()).toBe(rounded);
  });

  it.each([
    ['10.00', 3, '3.33'],
    ['10.00', 6, '1.67'],
    ['0.05', 2, '0.03'],
    ['-0.05', 2, '-0.03'],
    ['100.00', 4, '25.00'],
  ] as const)('%s over %d parts is %s each', (amount, count, share) => {
    expect(Money.of(amount).divideRounded(count).toDecimalString()).toBe(share);
  });
});

describe('text', () => {
  it.each([
    ['1234.5', '1234.50', '1,234.50'],
    ['0', '0.00', '0.00'],
    ['0.05', '0.05', '0.05'],
    ['-15', '-15.00', '-15.00'],
    ['-1234567.8', '-1234567.80', '-1,234,567.80'],
    ['999999999999.99', '999999999999.99', '999,999,999,999.99'],
    ['100000', '100000.00', '100,000.00'],
  ] as const)('%s is %s in SQL and JSON, %s on screen', (input, decimal, shown) => {
    const money = Money.of(input);
    expect(money.toDecimalString()).toBe(decimal);
    expect(JSON.stringify({ money })).toBe(`{"money":"${decimal}"}`);
    expect(money.format()).toBe(shown);
    // The screens' formatter of a number (spec 1 §9) agrees.
    expect(shown).toBe(
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(decimal)),
    );
    expect(moneyDecimal.safeParse(decimal).success).toBe(true);
  });

  it.each([
    [1234.5, '1,234.50'],
    ['98765432.1', '98,765,432.10'],
    [0.005, '0.01'],
    [Money.of('7'), '7.00'],
    [null, ''],
    ['', ''],
    ['abc', ''],
    [Number.NaN, ''],
  ] as const)('formatAmountText(%j) is %j', (input, text) => {
    expect(formatAmountText(input)).toBe(text);
  });

  it.each([
    ['-1916655', '-$1,916,655.00'],
    ['1234.5', '$1,234.50'],
    ['0', '$0.00'],
    ['-0.05', '-$0.05'],
    [-15, '-$15.00'],
    [Money.of('-7'), '-$7.00'],
    [null, ''],
    ['abc', ''],
  ] as const)('formatCurrencyText(%j) is %j: the minus before the peso sign (issue 26 §9)', (input, text) => {
    expect(formatCurrencyText(input)).toBe(text);
    if (input instanceof Money) expect(input.formatCurrency()).toBe(text);
  });

  it('converts to the nearest number only at a JSON-number boundary, printing back the same decimal', () => {
    expect(Money.of('123456789.99').toNumber()).toBe(123456789.99);
    expect(String(Money.of('999999999999.99').toNumber())).toBe('999999999999.99');
  });

  it.each(['1234.5', '1,234.50', '1e3', '1234.567'])('the contract refuses %j as a money decimal', (text) => {
    expect(moneyDecimal.safeParse(text).success).toBe(false);
  });
});
