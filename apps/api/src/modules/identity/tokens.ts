import { randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type Tokens } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import * as repo from './repository';
import { sha256, type IdentityDeps } from './shared';

export type IssuedTokens = { tokens: Tokens; refreshToken: string; refreshExpiresAt: Date };

/** An access token and a refresh token of the sign-in at `authTime`; `chain` continues a rotated refresh chain. */
export async function issueTokens(
  { clock, jwt }: Pick<IdentityDeps, 'clock' | 'jwt'>,
  tx: Executor,
  user: { id: number; email: string; sessionVersion: number },
  authTime: Date,
  chain?: { expiresAt: Date; familyId: string },
): Promise<IssuedTokens> {
  const now = clock.now();
  const accessToken = await jwt.sign(
    'access',
    String(user.id),
    // `sv`: the session version the token belongs to; ending the sessions moves it on (decision 022).
    { email: user.email, auth_time: Math.floor(authTime.getTime() / 1000), sv: user.sessionVersion },
    ACCESS_TOKEN_TTL_SECONDS,
  );
  const refreshToken = randomBytes(32).toString('base64url');
  // A refresh chain lives at most REFRESH_TOKEN_TTL from its sign-in: rotation does not extend it.
  const expiresAt = chain?.expiresAt ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await repo.insertRefreshToken(tx, {
    userId: user.id,
    tokenHash: sha256(refreshToken),
    authTime,
    expiresAt,
    createdAt: now,
    ...(chain ? { familyId: chain.familyId } : {}),
  });
  return {
    tokens: { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, tokenType: 'Bearer' },
    refreshToken,
    refreshExpiresAt: expiresAt,
  };
}
