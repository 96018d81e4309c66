import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { AppErrorCode, MESSAGES } from '@planpiso/domain';
import { AppError, unauthorized } from './errors';
import type { Clock } from './clock';

/**
 * What a token is for. Every token is HS256 with our secret, so `token_use` keeps them apart: a session-user
 * copy or a new-password challenge can never be presented as an access token.
 */
export type TokenUse = 'access' | 'session' | 'challenge';

const ISSUER = 'planpiso';
const ALGORITHM = 'HS256';
/** How many verified tokens `verify` remembers (a few hundred bytes each): the signed-in users of a busy hour. */
const VERIFIED_TOKENS_KEPT = 2_000;

export type VerifiedToken = JWTPayload & { sub: string; exp: number; iat: number; token_use: TokenUse };

export type Jwt = {
  sign(use: TokenUse, subject: string, claims: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  /**
   * Verifies signature (HS256 only: `alg: none` and every other algorithm are refused), issuer, expiry and use.
   * Throws 401 `Unauthorized` with the session-expired or session-invalid message; `failure` overrides the code.
   */
  verify(
    token: string,
    use: TokenUse,
    failure?: { code: typeof AppErrorCode.NotAuthorizedException },
  ): Promise<VerifiedToken>;
};

export function createJwt(secret: string, clock: Clock): Jwt {
  // Imported once as a CryptoKey: given the raw bytes, jose imports the key again on every call, which was a third
  // of the cost of verifying the token each request carries (decision 028).
  let cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  const keyOf = () =>
    (cryptoKey ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  // Tokens already verified (decision 050): what jose checked — signature, algorithm, issuer, required claims — is a
  // function of the token's text and the secret, so a token seen again skips the HMAC (a tenth of a list request's
  // CPU). What depends on the clock (expiry, not-before) and the use asked for are checked on every call.
  const verified = new Map<string, VerifiedToken>();

  return {
    async sign(use, subject, claims, ttlSeconds) {
      const iat = nowSeconds();
      return new SignJWT({ ...claims, token_use: use })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(subject)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await keyOf());
    },

    async verify(token, use, failure) {
      const fail = (message: string) => (failure ? new AppError(failure.code, { message }) : unauthorized(message));
      const known = verified.get(token);
      if (known) {
        const now = nowSeconds();
        // jose's own rules, tolerance 0: expired once `exp <= now`, not yet valid while `nbf > now`.
        if (known.exp <= now) {
          verified.delete(token);
          throw fail(MESSAGES.sessionExpired);
        }
        if (typeof known.nbf === 'number' && known.nbf > now) throw fail(MESSAGES.sessionInvalid);
        if (known.token_use !== use) throw fail(MESSAGES.sessionInvalid);
        return known;
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, await keyOf(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        throw fail(error instanceof joseErrors.JWTExpired ? MESSAGES.sessionExpired : MESSAGES.sessionInvalid);
      }
      // Oldest first out: a Map iterates in insertion order.
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      verified.set(token, payload as VerifiedToken);
      if (payload.token_use !== use) throw fail(MESSAGES.sessionInvalid);
      return payload as VerifiedToken;
    },
  };
}
