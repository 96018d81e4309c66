import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword, isValidNewPassword, isValidSignInPassword } from './passwords';

describe('password patterns (spec 1 §5)', () => {
  it.each([
    ['Abcdef1!', true, true],
    ['Abcdef1#', true, true],
    ['Abcdef1?', true, false], // ? is a special character for sign-in, not for a new password
    ['Abcdef1-', true, false],
    ['Abcde1!', false, false], // 7 characters
    ['abcdef1!', false, false], // no uppercase
    ['ABCDEF1!', false, false], // no lowercase
    ['Abcdefg!', false, false], // no digit
    ['Abcdefg1', false, false], // no special character
    ['', false, false],
  ])('%j: sign-in %s, new %s', (value, signIn, fresh) => {
    expect(isValidSignInPassword(value)).toBe(signIn);
    expect(isValidNewPassword(value)).toBe(fresh);
  });

  it('generates temporary passwords that satisfy the new-password pattern', () => {
    let seed = 7;
    const randomInt = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % max;
    };
    for (let i = 0; i < 200; i++) {
      const password = generateTemporaryPassword(randomInt);
      expect(password).toHaveLength(12);
      expect(isValidNewPassword(password)).toBe(true);
    }
  });
});
