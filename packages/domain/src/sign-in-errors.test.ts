import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { newPasswordErrorMessage, signInErrorMessage } from './sign-in-errors';

describe('sign-in screen messages (spec 1 §8)', () => {
  it.each([
    [{ code: 'NotAuthorizedException', message: 'x' }, MESSAGES.wrongCredentials],
    [{ code: 'NotAuthorizedException', reason: 'TEMPORARY_PASSWORD_EXPIRED' }, MESSAGES.temporaryPasswordExpired],
    [{ code: 'PasswordAttemptsExceeded' }, MESSAGES.tooManyAttempts],
    [{ code: 'BAD_REQUEST', message: 'Formato correo incorrecto' }, 'Formato correo incorrecto'],
    [null, MESSAGES.wrongCredentials],
  ])('%j → %s', (error, text) => {
    expect(signInErrorMessage(error)).toBe(text);
  });

  it.each([
    [{ code: 'InvalidPasswordException' }, 'La nueva contraseña con cumple con el formato establecido'],
    [{ code: 'NotAuthorizedException', message: 'Sesión vencida' }, ''],
  ])('new-password failure %j shows %j', (error, text) => {
    expect(newPasswordErrorMessage(error)).toBe(text);
  });

  it('keeps the spec texts verbatim', () => {
    expect(MESSAGES.wrongCredentials).toBe('El correo o la contraseña son incorrectos');
    expect(MESSAGES.passwordChanged).toBe('La contraseña se cambio con éxito, inicia sesión');
    expect(MESSAGES.resendPasswordFailed).toContain('tamporal');
  });
});
