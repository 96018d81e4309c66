import { z } from 'zod';
import { TEXT_MAX } from '../limits';
import { MESSAGES, maxChars, minChars } from '../messages';

/**
 * The input primitives every contract builds on (issue 14 §2 item 7): one id and one text schema, so that no
 * input the API accepts can make PostgreSQL fail (a NUL byte, an id past int4) — every bad input is a 400.
 */

/** The largest id a PostgreSQL `integer` (int4) column holds. */
export const INT4_MAX = 2_147_483_647;

/** A positive int4 written plainly: digits only, no sign, no leading zero, no spaces, no exponent, no decimals. */
const ID_DIGITS = /^[1-9]\d{0,9}$/;

/**
 * An id in a path or a query string (`/users/12`, `?company=3`): a string of digits, 1..2,147,483,647. '1.5',
 * '-1', '1e3', ' 1', 'true' and an array (a repeated query parameter) are refused.
 */
export const idParam = (message: string = MESSAGES.badRequest) =>
  z
    .string({ error: message })
    .regex(ID_DIGITS, { message })
    .transform(Number)
    .pipe(z.number().int().max(INT4_MAX, { message }));

/** An id in a JSON body: a JSON integer 1..2,147,483,647 — never the string "1" nor `true`. */
export const idSchema = (message: string = MESSAGES.badRequest) =>
  z.number({ error: message }).int({ message }).min(1, { message }).max(INT4_MAX, { message });

/**
 * C0 control characters (and DEL) have no place in what users type. A NUL byte is refused by PostgreSQL itself
 * (22021), so it must never get past the contract. Multi-line texts keep tab, line feed and carriage return.
 */
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export function hasControlCharacters(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

export type TextOptions = {
  /** Least length after trimming (1 makes the field required). Default 0. */
  min?: number;
  /** Allows tab and line breaks (a comment, a description). */
  multiline?: boolean;
  /** The message for a missing or empty value (default 'Campo requerido.'). */
  required?: string;
  /** The message for a control character (default the generic 'La información enviada no es válida'). */
  invalid?: string;
};

/** A trimmed text of at most `max` characters without control characters, with the spec's generic messages. */
export function textSchema(max: number, options: TextOptions = {}) {
  const { min = 0, multiline = false, required = MESSAGES.required, invalid = MESSAGES.badRequest } = options;
  let text = z.string({ error: required }).trim();
  if (min >= 1) text = text.min(1, { message: required });
  if (min > 1) text = text.min(min, { message: minChars(min) });
  return text
    .max(max, { message: maxChars(max) })
    .refine((value) => !hasControlCharacters(value, multiline), { message: invalid });
}

/** A name users tell apart (a role, a branch, a signer): required, 1–150 characters, one line. */
export const nameSchema = (required: string = MESSAGES.required) => textSchema(TEXT_MAX, { min: 1, required });

/** A free-text list filter (`?name=`): optional, one line, at most `max` characters. */
export const searchText = (max: number = TEXT_MAX) => textSchema(max).optional();
