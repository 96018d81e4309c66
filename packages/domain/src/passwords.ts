import { PASSWORD_MIN } from './limits';

/**
 * spec 1 §5. Sign-in: 8+ chars with a lowercase, an uppercase, a digit and any special character.
 * New password: the same, but the special character must be one of ! @ # $ % ^ & *.
 */
export const SIGN_IN_PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{${PASSWORD_MIN},}$`,
);
export const NEW_PASSWORD_PATTERN = new RegExp(`^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[!@#$%^&*]).{${PASSWORD_MIN},}$`);

export const isValidSignInPassword = (value: string) => SIGN_IN_PASSWORD_PATTERN.test(value);
export const isValidNewPassword = (value: string) => NEW_PASSWORD_PATTERN.test(value);

/** A temporary password that satisfies the new-password pattern (used when creating users or resending). */
export function generateTemporaryPassword(randomInt: (max: number) => number): string {
  const lower = 'abcdefghijkmnopqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const special = '!@#$%^&*';
  const all = lower + upper + digits + special;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(lower), pick(upper), pick(digits), pick(special)];
  while (chars.length < 12) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
