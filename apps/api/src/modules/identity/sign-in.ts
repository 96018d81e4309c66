import {
  AppErrorCode,
  IDENTITY_ERROR,
  LOCKOUT_BASE_SECONDS,
  LOCKOUT_MAX_SECONDS,
  LOCKOUT_THRESHOLD,
  MESSAGES,
  TEMPORARY_PASSWORD_EXPIRED,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { setPassword } from './credentials';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import { notAuthorized, type IdentityDeps, type RequestContext } from './shared';
import { issueTokens, type IssuedTokens } from './tokens';

/** How long the NEW_PASSWORD_REQUIRED session lasts (the hosted pool's was short too; ours: 10 minutes). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

export type SignInResult = ({ kind: 'tokens' } & IssuedTokens) | { kind: 'challenge'; session: string };

const attemptsExceeded = () => new AppError(AppErrorCode.PasswordAttemptsExceeded);

/** Lock length after `failures` failed sign-ins: 1 min at the threshold, doubling per further failure, ≤ 15 min. */
export function lockoutSeconds(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_BASE_SECONDS * 2 ** (failures - LOCKOUT_THRESHOLD), LOCKOUT_MAX_SECONDS);
}

/**
 * Counts a failed sign-in, locks the e-mail at the threshold and writes both to the audit log (actor null: nobody
 * proved who they are). The e-mail is kept as typed — the lender's own log — the password never.
 */
async function failSignIn(
  deps: IdentityDeps,
  email: string,
  userId: number | null,
  ctx: RequestContext,
): Promise<never> {
  const { db, clock } = deps;
  await transaction(db, async (tx) => {
    const now = clock.now();
    const failures = await repo.recordFailure(tx, email, now);
    await writeAudit(tx, {
      actor: null,
      action: 'identity.sign-in-failed',
      entity: 'user',
      entityId: userId,
      after: { email, failures },
      requestId: ctx.requestId,
    });
    const seconds = lockoutSeconds(failures);
    if (seconds === 0) return;
    const lockedUntil = new Date(now.getTime() + seconds * 1000);
    await repo.lockEmail(tx, email, lockedUntil);
    await writeAudit(tx, {
      actor: null,
      action: 'identity.locked-out',
      entity: 'user',
      entityId: userId,
      after: { email, failures, lockedUntil: lockedUntil.toISOString() },
      requestId: ctx.requestId,
    });
  });
  throw notAuthorized();
}

/**
 * Wrong password, unknown e-mail and inactive user get one identical answer after the same argon2 work; only
 * someone holding the right temporary password learns that it expired (spec 1 §8).
 */
export async function signIn(
  deps: IdentityDeps,
  email: string,
  password: string,
  ctx: RequestContext = {},
): Promise<SignInResult> {
  const { db, clock, jwt } = deps;
  const attempts = await repo.findAttempts(db, email);
  if (attempts?.lockedUntil && attempts.lockedUntil > clock.now()) throw attemptsExceeded();

  const found = await repo.findUserWithCredential(db, { email });
  const passwordOk = await verifyPassword(found?.credential?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!found?.credential || !passwordOk || !found.user.isActive || found.user.isArchived) {
    return failSignIn(deps, email, found?.user.id ?? null, ctx);
  }
  const { user, credential } = found;
  const now = clock.now();
  if (credential.temporary) {
    if (!credential.temporaryExpiresAt || credential.temporaryExpiresAt <= now) {
      throw notAuthorized(MESSAGES.temporaryPasswordExpired, TEMPORARY_PASSWORD_EXPIRED);
    }
    if (attempts) await repo.clearAttempts(db, email);
    const session = await jwt.sign(
      'challenge',
      String(user.id),
      { ver: credential.updatedAt.getTime() },
      CHALLENGE_TTL_SECONDS,
    );
    return { kind: 'challenge', session };
  }
  if (attempts) await repo.clearAttempts(db, email);
  return { kind: 'tokens', ...(await issueTokens(deps, db, user, now)) };
}

export async function completeNewPassword(
  deps: IdentityDeps,
  session: string,
  newPassword: string,
  ctx: RequestContext,
): Promise<IssuedTokens> {
  const { db, clock, jwt } = deps;
  const claims = await jwt.verify(session, 'challenge', { code: IDENTITY_ERROR.NotAuthorized });
  const found = await repo.findUserWithCredential(db, { id: Number(claims.sub) });
  const credential = found?.credential;
  // The session is only good for the temporary password it was issued against.
  if (!found || !credential?.temporary || credential.updatedAt.getTime() !== claims.ver) {
    throw notAuthorized(MESSAGES.sessionInvalid);
  }
  if (!found.user.isActive || found.user.isArchived) throw notAuthorized();
  const now = clock.now();
  if (!credential.temporaryExpiresAt || credential.temporaryExpiresAt <= now) {
    throw notAuthorized(MESSAGES.temporaryPasswordExpired, TEMPORARY_PASSWORD_EXPIRED);
  }
  const passwordHash = await hashPassword(newPassword);
  return transaction(db, async (tx) => {
    await setPassword(deps, tx, found.user.id, passwordHash, 'identity.password-changed', {
      actor: found.user.id,
      requestId: ctx.requestId,
    });
    // The new password ended the sessions of the old one; this one starts at the new version.
    const locked = await repo.lockUser(tx, found.user.id);
    return issueTokens(deps, tx, { ...found.user, sessionVersion: locked!.sessionVersion }, now);
  });
}
