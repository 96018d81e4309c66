import { MAX_SESSION_REFRESHES, SESSION_MARGIN_MS } from './limits';
import { USER_TYPE, type UserType } from './user-types';

/** Session expiry = token lifetime in ms minus 6000 (spec 1 §4). */
export function sessionExpiryMs(tokenLifetimeMs: number): number {
  return Math.max(0, tokenLifetimeMs - SESSION_MARGIN_MS);
}

/**
 * Refresh timer = (exp − auth_time, in ms) − 6 s (spec 1 §4). exp and auth_time are JWT seconds.
 * For a refreshed token pass its `iat` as the start: auth_time keeps the first sign-in, and measuring from it
 * would fire after the new token had already expired (docs/decisions/003).
 */
export function refreshDelayMs(expSeconds: number, startSeconds: number): number {
  return Math.max(0, (expSeconds - startSeconds) * 1000 - SESSION_MARGIN_MS);
}

/** Only type 2 refreshes, and only while the counter is below 3; everyone else is signed out (spec 1 §4). */
export function canRefreshSession(type: UserType, counter: number): boolean {
  return type === USER_TYPE.PROVIDER_ADMIN && counter < MAX_SESSION_REFRESHES;
}

/** A token is expired when its exp (seconds) is not in the future. */
export function isTokenExpired(expSeconds: number, nowMs: number): boolean {
  return expSeconds * 1000 <= nowMs;
}
