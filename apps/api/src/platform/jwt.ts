import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { MESSAGES } from '@planpiso/domain';
import { AppError, unauthorized } from './errors';
import type { Clock } from './clock';

/**
 * What a token is for. Every token is HS256 with our secret, so `token_use` keeps them apart: a session-user
 * copy or a new-password challenge can never be presented as an access token.
 */
export type TokenUse = 'access' | 'session' | 'challenge';

const ISSUER = 'planpiso';
const ALGORITHM = 'HS256';

export type VerifiedToken = JWTPayload & { sub: string; exp: number; iat: number; token_use: TokenUse };

export type Jwt = {
  sign(use: TokenUse, subject: string, claims: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  /**
   * Verifies signature (HS256 only: `alg: none` and every other algorithm are refused), issuer, expiry and use.
   * Throws 401 `Unauthorized` with the session-expired or session-invalid message; `failure` overrides the code.
   */
  verify(token: string, use: TokenUse, failure?: { code: string }): Promise<VerifiedToken>;
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
      const fail = (message: string) => (failure ? new AppError(failure.code, 401, message) : unauthorized(message));
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
      if (payload.token_use !== use) throw fail(MESSAGES.sessionInvalid);
      return payload as VerifiedToken;
    },
  };
}
