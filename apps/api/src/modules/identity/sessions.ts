import { MESSAGES } from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import { transaction } from '../../platform/transaction';
import * as repo from './repository';
import { notAuthorized, sha256, type IdentityDeps, type RequestContext } from './shared';
import { issueTokens, type IssuedTokens } from './tokens';

export async function refresh(deps: IdentityDeps, refreshToken: string | undefined): Promise<IssuedTokens> {
  const { db, clock } = deps;
  if (!refreshToken) throw notAuthorized(MESSAGES.sessionInvalid);
  const now = clock.now();
  const stored = await repo.findRefreshToken(db, sha256(refreshToken));
  if (!stored) throw notAuthorized(MESSAGES.sessionInvalid);
  if (stored.revokedAt) {
    // A rotated (or revoked) token presented again: whoever holds its successor may not be the user, so the
    // whole chain of that sign-in dies (decision 022). Other sign-ins of the user are left alone.
    await repo.revokeFamily(db, stored.familyId, now);
    throw notAuthorized(MESSAGES.sessionInvalid);
  }
  if (stored.expiresAt <= now) throw notAuthorized(MESSAGES.sessionExpired);
  const found = await repo.findUserWithCredential(db, { id: stored.userId });
  if (!found || !found.user.isActive || found.user.isArchived) throw notAuthorized(MESSAGES.sessionInvalid);
  return transaction(db, async (tx) => {
    // The user's row first: an ending of sessions running now either finished (and revoked this token) or
    // waits for this rotation and then revokes its successor too.
    const locked = await repo.lockUser(tx, found.user.id);
    // Rotation: the presented token dies now; if another request rotated it first, this one loses.
    if (!locked || !(await repo.revokeRefreshToken(tx, stored.id, now))) {
      throw notAuthorized(MESSAGES.sessionInvalid);
    }
    return issueTokens(deps, tx, { ...found.user, sessionVersion: locked.sessionVersion }, stored.authTime, {
      expiresAt: stored.expiresAt,
      familyId: stored.familyId,
    });
  });
}

/**
 * Ends every session of the user behind the refresh cookie, or else behind a still valid access token: the
 * session version moves on (every access token issued so far answers 401) and every refresh token dies. An
 * unknown, revoked or missing credential ends nothing and still answers 200.
 */
export async function signOut(
  deps: IdentityDeps,
  refreshToken: string | undefined,
  accessToken: string | null,
  ctx: RequestContext,
): Promise<void> {
  const { db, clock, jwt } = deps;
  let userId: number | undefined;
  if (refreshToken) {
    const stored = await repo.findRefreshToken(db, sha256(refreshToken));
    if (stored && !stored.revokedAt) userId = stored.userId;
  }
  if (userId === undefined && accessToken) {
    const claims = await jwt.verify(accessToken, 'access').catch(() => undefined);
    const id = Number(claims?.sub);
    const found = Number.isSafeInteger(id) ? await repo.findUserWithCredential(db, { id }) : undefined;
    const version = typeof claims?.sv === 'number' ? claims.sv : 0;
    if (found && found.user.sessionVersion === version) userId = id;
  }
  if (userId === undefined) return;
  const id = userId;
  await transaction(db, async (tx) => {
    await repo.endSessions(tx, id, clock.now());
    await writeAudit(tx, {
      actor: id,
      action: 'identity.signed-out',
      entity: 'user',
      entityId: id,
      requestId: ctx.requestId,
    });
  });
}
