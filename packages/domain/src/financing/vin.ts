import { vinCheckDigitWarning } from '../messages-financing';

/**
 * The ISO 3779 / 49 CFR 565 check digit of a 17-character VIN (position 9): each character is transliterated to a
 * number (letters by the table below; I, O and Q never appear in a VIN), weighted, summed, and the sum modulo 11 is
 * the check character ('X' for 10). North American VINs — Mexican ones included — carry it; European ones may not,
 * so a mismatch is a warning for the person typing, never an error (spec 3 §5 accepts 17 to 23 characters).
 */
// prettier-ignore
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CHECK_POSITION = 8;

function transliterate(char: string): number | null {
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  return TRANSLITERATION[char] ?? null;
}

/** The expected check character of a 17-character VIN, or null when it has another length or a foreign character. */
export function vinCheckCharacter(vin: string): string | null {
  const text = vin.trim().toUpperCase();
  if (text.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = transliterate(text[i]!);
    if (value === null) return null;
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Is this a 17-character VIN whose position 9 holds the right check character? (Case and outer blanks ignored.) */
export function vinCheckDigitValid(vin: string): boolean {
  const expected = vinCheckCharacter(vin);
  return expected !== null && vin.trim().toUpperCase()[CHECK_POSITION] === expected;
}

/**
 * The warning to show for a VIN, or null: only a 17-character VIN can be checked, so a longer identifier (the spec
 * allows up to 23) never warns.
 */
export function vinWarning(vin: string): string | null {
  const text = vin.trim();
  if (text.length !== 17) return null;
  return vinCheckDigitValid(text) ? null : vinCheckDigitWarning(text);
}
