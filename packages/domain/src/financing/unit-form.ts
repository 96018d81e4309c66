import { z } from 'zod';
import { VIN_MAX_LENGTH, VIN_MIN_LENGTH } from '../limits';
import { hasControlCharacters } from '../contracts/inputs';
import { MESSAGES, maxChars, minChars } from '../messages';
import { FINANCING_MESSAGES } from '../messages-financing';
import { Money } from '../money';

/**
 * A unit (vehicle) of a provision as the dealer enters it: the add-unit dialog, a CSV row and the save contracts
 * share these limits and this schema (spec 3 §5 "Unit form" and "CSV upload": the same widths on both).
 */
export const UNIT_TEXT_LIMITS = {
  agency: 20,
  brandName: 15,
  type: 8,
  model: 4,
  description: 50,
  color: 35,
  insideColor: 70,
  motorNumber: 25,
} as const;
export type UnitTextField = keyof typeof UNIT_TEXT_LIMITS;

/** VALOR TOTAL / amount: at most 10 digits, the decimal point not counted (spec 3 §5). */
export const UNIT_AMOUNT_MAX_DIGITS = 10;

export type UnitAmountError = 'empty' | 'format' | 'digits' | 'notPositive' | 'precision';
export type UnitAmountResult = { ok: true; money: Money } | { ok: false; error: UnitAmountError };

// Plain decimal notation as a spreadsheet writes it: digits with an optional point ('1500', '1500.5', '.5', '5.'),
// an optional minus (numeric, but refused as not positive). No thousands separators, currency signs or exponents.
const AMOUNT_TEXT = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * Reads a unit's amount (spec 3 §5): numeric, not 0, at most 10 digits ignoring the point. Ours on top: a negative
 * amount is refused with the "not 0" rule (no vehicle is financed for less than nothing), and so is a third decimal
 * that is not 0 ('100.125'): money is never rounded silently (decision 015).
 */
export function readUnitAmount(input: string): UnitAmountResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'empty' };
  const match = AMOUNT_TEXT.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole + fraction === '') return { ok: false, error: 'format' };
  if (whole.length + fraction.length > UNIT_AMOUNT_MAX_DIGITS) return { ok: false, error: 'digits' };
  if (match[1] === '-' || /^0*$/.test(whole + fraction)) return { ok: false, error: 'notPositive' };
  const parsed = Money.parse(`${whole || '0'}.${fraction || '0'}`);
  if (!parsed.ok) return { ok: false, error: 'precision' };
  return { ok: true, money: parsed.money };
}

/**
 * What the amount field keeps while typing (spec 3 §5: "amount numeric (otherwise emptied)"): a text that can still
 * become an amount stays, anything else empties the field.
 */
export function sanitizeAmountInput(text: string): string {
  return /^\d*\.?\d*$/.test(text) ? text : '';
}

const AMOUNT_MESSAGES: Record<UnitAmountError, string> = {
  empty: MESSAGES.required,
  format: FINANCING_MESSAGES.amountNotNumeric,
  digits: FINANCING_MESSAGES.amountTooManyDigits,
  notPositive: FINANCING_MESSAGES.amountNotPositive,
  precision: FINANCING_MESSAGES.amountPrecision,
};

/**
 * An amount in a contract or form: a decimal string ('1500', '1500.5'), normalised to exactly 2 decimals
 * ('1500.50', what numeric(14,2) and the other contracts carry). Use `Money.of(unit.amount)` to compute.
 */
export const unitAmount = z.string({ error: MESSAGES.required }).transform((text, ctx) => {
  const result = readUnitAmount(text);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES[result.error] });
    return z.NEVER;
  }
  return result.money.toDecimalString();
});

const requiredUnitText = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    // An empty field says only 'Campo requerido.', not also the VIN's minimum.
    .min(1, { message: MESSAGES.required, abort: true })
    .max(max, { message: maxChars(max) })
    // A NUL or another control character never belongs in a unit's text (issue 14 §2 item 7).
    .refine((value) => !hasControlCharacters(value), { message: MESSAGES.badRequest });

/** The add-unit dialog's fields, all required (spec 3 §5 "Unit form"); text is trimmed, the VIN included. */
export const unitDraft = z.object({
  agency: requiredUnitText(UNIT_TEXT_LIMITS.agency),
  brandName: requiredUnitText(UNIT_TEXT_LIMITS.brandName),
  type: requiredUnitText(UNIT_TEXT_LIMITS.type),
  /** A year, sent as text (spec 3 §3). */
  model: requiredUnitText(UNIT_TEXT_LIMITS.model),
  description: requiredUnitText(UNIT_TEXT_LIMITS.description),
  color: requiredUnitText(UNIT_TEXT_LIMITS.color),
  insideColor: requiredUnitText(UNIT_TEXT_LIMITS.insideColor),
  vinNumber: requiredUnitText(VIN_MAX_LENGTH).min(VIN_MIN_LENGTH, { message: minChars(VIN_MIN_LENGTH) }),
  motorNumber: requiredUnitText(UNIT_TEXT_LIMITS.motorNumber),
  amount: unitAmount,
});

/** A unit as the form and the CSV produce it: trimmed texts and the amount as a 2-decimal string. */
export type UnitDraft = z.output<typeof unitDraft>;
/** What the form holds before validation (the amount as typed). */
export type UnitDraftInput = z.input<typeof unitDraft>;
