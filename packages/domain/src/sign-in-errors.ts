import { IDENTITY_ERROR, TEMPORARY_PASSWORD_EXPIRED } from './contracts/identity';
import { MESSAGES } from './messages';

type IdentityError = { code?: string; reason?: string; message?: string } | null | undefined;

/** What the sign-in screen shows for a failed sign-in (spec 1 §8). */
export function signInErrorMessage(error: IdentityError): string {
  if (error?.code === IDENTITY_ERROR.NotAuthorized) {
    return error.reason === TEMPORARY_PASSWORD_EXPIRED ? MESSAGES.temporaryPasswordExpired : MESSAGES.wrongCredentials;
  }
  if (error?.code === IDENTITY_ERROR.PasswordAttemptsExceeded) return MESSAGES.tooManyAttempts;
  return error?.message || MESSAGES.wrongCredentials;
}

/** New-password failures: InvalidPasswordException has its text; the others show an empty message (spec 1 §8). */
export function newPasswordErrorMessage(error: IdentityError): string {
  return error?.code === IDENTITY_ERROR.InvalidPassword ? MESSAGES.newPasswordInvalid : '';
}

/** Mode 4 (code + new password): the spec names no texts, so the server's Spanish message is shown. */
export function confirmCodeErrorMessage(error: IdentityError): string {
  if (error?.code === IDENTITY_ERROR.InvalidPassword) return MESSAGES.newPasswordInvalid;
  return error?.message ?? '';
}
