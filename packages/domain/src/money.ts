/**
 * Money in MXN, exact (ARCHITECTURE §4, decision 015): an immutable count of integer cents in a `bigint`, never a
 * binary float. It travels as a decimal string ('1234.50', what PostgreSQL's numeric(14,2) reads and writes) and
 * is shown en-US with 2 decimals ('1,234.50', spec 1 §9). Pure: runs in the browser and in Node alike.
 */

import { z } from 'zod';

/** numeric(14,2): 12 integer digits and 2 decimals. */
export const MONEY_MAX_CENTS = 99_999_999_999_999n;

export type MoneyParseError = 'format' | 'precision' | 'range';
export type MoneyParseResult = { ok: true; money: Money } | { ok: false; error: MoneyParseError };

/** A value that is not an amount, where the caller trusted it to be one (a corrupt row, a broken contract). */
export class MoneyError extends Error {
  constructor(
    readonly error: MoneyParseError,
    readonly input: unknown,
  ) {
    super(`not an amount of money (${error}): ${String(input)}`);
    this.name = 'MoneyError';
  }
}

// Plain decimal notation only: an optional sign, digits, an optional point with digits. No exponent, no commas,
// no '+', no blanks inside (outer blanks are trimmed).
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

const abs = (value: bigint) => (value < 0n ? -value : value);

/** A decimal number's text split into sign, integer digits and fraction digits, or null when it is not one. */
function decimalParts(input: string | number): { negative: boolean; whole: string; fraction: string } | null {
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  // String(n) is the shortest text that reads back as n: 0.1 → '0.1', 1e21 → '1e+21' (refused below).
  const text = (typeof input === 'number' ? String(input) : input).trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  return { negative: match[1] === '-', whole: match[2]!, fraction: match[3] ?? '' };
}

export class Money {
  private constructor(readonly cents: bigint) {}

  static readonly zero = new Money(0n);

  static fromCents(cents: bigint | number): Money {
    if (typeof cents === 'number' && !Number.isSafeInteger(cents)) throw new MoneyError('format', cents);
    return new Money(BigInt(cents));
  }

  /**
   * Reads an amount written with at most 2 decimals ('1234.5', '0.10', 1234.5): anything else — more decimals,
   * NaN, exponent notation, thousands separators, beyond numeric(14,2) — is refused, never rounded silently.
   */
  static parse(input: string | number | null | undefined): MoneyParseResult {
    if (input === null || input === undefined) return { ok: false, error: 'format' };
    const parts = decimalParts(input);
    if (!parts) return { ok: false, error: 'format' };
    if (parts.fraction.length > 2) {
      // '1.500' is still 1.50; only a non-zero third decimal is a precision the column cannot hold.
      if (/[1-9]/.test(parts.fraction.slice(2))) return { ok: false, error: 'precision' };
    }
    const cents = BigInt(parts.whole) * 100n + BigInt(parts.fraction.slice(0, 2).padEnd(2, '0'));
    if (cents > MONEY_MAX_CENTS) return { ok: false, error: 'range' };
    return { ok: true, money: new Money(parts.negative ? -cents : cents) };
  }

  /** parse, for values that must already be amounts (numeric columns, validated input): throws MoneyError. */
  static of(input: string | number): Money {
    const result = Money.parse(input);
    if (!result.ok) throw new MoneyError(result.error, input);
    return result.money;
  }

  /**
   * Rounds a decimal with any number of places to cents, half away from zero (spec 3 §9 "Balance rounded to 2
   * decimals"): '1.005' → 1.01, '2.675' → 2.68, '-1.005' → -1.01. The rounding happens on the digits, so the
   * float trap (2.675 * 100 = 267.49999...) cannot occur. Out of range or not a number: MoneyError.
   */
  static round(input: string | number): Money {
    const parts = decimalParts(input);
    if (!parts) throw new MoneyError('format', input);
    const fraction = parts.fraction.padEnd(3, '0');
    let cents = BigInt(parts.whole) * 100n + BigInt(fraction.slice(0, 2));
    if (fraction.charCodeAt(2) >= '5'.charCodeAt(0)) cents += 1n;
    if (cents > MONEY_MAX_CENTS) throw new MoneyError('range', input);
    return new Money(parts.negative ? -cents : cents);
  }

  static sum(amounts: Iterable<Money>): Money {
    let cents = 0n;
    for (const amount of amounts) cents += amount.cents;
    return new Money(cents);
  }

  add(other: Money): Money {
    return new Money(this.cents + other.cents);
  }

  sub(other: Money): Money {
    return new Money(this.cents - other.cents);
  }

  /** The share of `count` equal parts, rounded half away from zero to the cent (an average). */
  divideRounded(count: number): Money {
    if (!Number.isSafeInteger(count) || count <= 0) throw new MoneyError('format', count);
    const divisor = BigInt(count);
    const quotient = abs(this.cents) / divisor;
    const remainder = abs(this.cents) % divisor;
    const rounded = remainder * 2n >= divisor ? quotient + 1n : quotient;
    return new Money(this.cents < 0n ? -rounded : rounded);
  }

  compare(other: Money): -1 | 0 | 1 {
    return this.cents < other.cents ? -1 : this.cents > other.cents ? 1 : 0;
  }

  equals(other: Money): boolean {
    return this.cents === other.cents;
  }

  greaterThan(other: Money): boolean {
    return this.cents > other.cents;
  }

  lessThan(other: Money): boolean {
    return this.cents < other.cents;
  }

  isZero(): boolean {
    return this.cents === 0n;
  }

  isNegative(): boolean {
    return this.cents < 0n;
  }

  /** This amount, or 0 when it is negative (a balance never shows below 0, spec 3 §5). */
  atLeastZero(): Money {
    return this.cents < 0n ? Money.zero : this;
  }

  /** '1234.50', '-0.05': what numeric(14,2) columns and the JSON contracts carry. */
  toDecimalString(): string {
    const digits = abs(this.cents).toString().padStart(3, '0');
    return `${this.cents < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  }

  /**
   * The nearest JavaScript number, for the few places whose contract is a JSON number (the CRM's `monto`, chart
   * series). Every amount within numeric(14,2) has fewer than 16 significant digits, so the number prints back as
   * the same decimal; never compute with it.
   */
  toNumber(): number {
    return Number(this.toDecimalString());
  }

  /** As every screen and report shows amounts: en-US, 2 decimals (spec 1 §9): '1,234.50', '-15.00'. */
  format(): string {
    const [whole, fraction] = new Money(abs(this.cents)).toDecimalString().split('.');
    const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${this.cents < 0n ? '-' : ''}${grouped}.${fraction!}`;
  }

  /**
   * With the peso sign, the minus before it: '$1,234.50', '-$1,916,655.00' (never '$-1,916,655.00'). The one place
   * the sign and the symbol are put together (issue 26 §9).
   */
  formatCurrency(): string {
    return `${this.cents < 0n ? '-' : ''}$${new Money(abs(this.cents)).format()}`;
  }

  toString(): string {
    return this.toDecimalString();
  }

  toJSON(): string {
    return this.toDecimalString();
  }
}

/** A decimal string of money as the contracts carry it: '1234.50' (exactly 2 decimals, numeric(14,2) range). */
export const MONEY_DECIMAL_PATTERN = /^-?\d{1,12}\.\d{2}$/;

/** The zod schema of a money decimal string in a contract. */
export const moneyDecimal = z.string().regex(MONEY_DECIMAL_PATTERN);

/**
 * Any amount as the screens show it ('1,234.50'), '' for no value or one that is not an amount. A number or a
 * string with more than 2 decimals is rounded half away from zero first (0.005 → '0.01'), as the spec's
 * "rounded to 2 decimals" wants for display.
 */
export function formatAmountText(value: Money | string | number | null | undefined): string {
  return formatted(value, (money) => money.format());
}

/** As formatAmountText, with the peso sign: '$1,234.50', '-$1,916,655.00'; '' for no value. */
export function formatCurrencyText(value: Money | string | number | null | undefined): string {
  return formatted(value, (money) => money.formatCurrency());
}

function formatted(value: Money | string | number | null | undefined, format: (money: Money) => string): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Money) return format(value);
  try {
    return format(Money.round(value));
  } catch {
    return '';
  }
}
