import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  IDENTITY_ERROR,
  LOCKOUT_BASE_SECONDS,
  LOCKOUT_MAX_SECONDS,
  LOCKOUT_THRESHOLD,
  MESSAGES,
  REFRESH_TOKEN_TTL_SECONDS,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_MAX_REQUESTS_PER_HOUR,
  RESET_CODE_TTL_SECONDS,
  TEMPORARY_PASSWORD_EXPIRED,
  TEMPORARY_PASSWORD_TTL_DAYS,
  type Tokens,
} from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { resetCodeMail, temporaryPasswordMail } from './mail-templates';
import { dummyPasswordHash, hashPassword, newTemporaryPassword, verifyPassword } from './passwords';
import * as repo from './repository';

/** How long the NEW_PASSWORD_REQUIRED session lasts (the hosted pool's was short too; ours: 10 minutes). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

const DAY_MS = 24 * 60 * 60 * 1000;

export type IssuedTokens = { tokens: Tokens; refreshToken: string; refreshExpiresAt: Date };
export type SignInResult = ({ kind: 'tokens' } & IssuedTokens) | { kind: 'challenge'; session: string };
export type RequestContext = { requestId?: string | null };

const notAuthorized = (message: string = MESSAGES.wrongCredentials, reason?: string) =>
  new AppError(IDENTITY_ERROR.NotAuthorized, 401, message, reason);
const attemptsExceeded = () => new AppError(IDENTITY_ERROR.PasswordAttemptsExceeded, 429, MESSAGES.tooManyAttempts);
const codeMismatch = () => new AppError(IDENTITY_ERROR.CodeMismatch, 400, MESSAGES.codeMismatch);
const codeExpired = () => new AppError(IDENTITY_ERROR.ExpiredCode, 400, MESSAGES.codeExpired);
const limitExceeded = () => new AppError(IDENTITY_ERROR.LimitExceeded, 429, MESSAGES.limitExceeded);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Lock length after `failures` failed sign-ins: 1 min at the threshold, doubling per further failure, ≤ 15 min. */
export function lockoutSeconds(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  return Math.min(LOCKOUT_BASE_SECONDS * 2 ** (failures - LOCKOUT_THRESHOLD), LOCKOUT_MAX_SECONDS);
}

export type IdentityService = ReturnType<typeof createIdentityService>;

/** The identity flows of ARCHITECTURE §5 (sign-in, challenges, recovery, refresh) and temporary passwords. */
export function createIdentityService(deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'jwt' | 'config' | 'log'>) {
  const { db, clock, mailer, jwt, config, log } = deps;
  const secure = (value: string) => createHmac('sha256', config.jwtSecret).update(value).digest('hex');

  async function issueTokens(
    tx: Executor,
    user: { id: number; email: string },
    authTime: Date,
    refreshExpiresAt?: Date,
  ): Promise<IssuedTokens> {
    const now = clock.now();
    const accessToken = await jwt.sign(
      'access',
      String(user.id),
      { email: user.email, auth_time: Math.floor(authTime.getTime() / 1000) },
      ACCESS_TOKEN_TTL_SECONDS,
    );
    const refreshToken = randomBytes(32).toString('base64url');
    // A refresh chain lives at most REFRESH_TOKEN_TTL from its sign-in: rotation does not extend it.
    const expiresAt = refreshExpiresAt ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
    await repo.insertRefreshToken(tx, {
      userId: user.id,
      tokenHash: sha256(refreshToken),
      authTime,
      expiresAt,
      createdAt: now,
    });
    return {
      tokens: { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, tokenType: 'Bearer' },
      refreshToken,
      refreshExpiresAt: expiresAt,
    };
  }

  async function failSignIn(email: string): Promise<never> {
    const failures = await repo.recordFailure(db, email, clock.now());
    const seconds = lockoutSeconds(failures);
    if (seconds > 0) await repo.lockEmail(db, email, new Date(clock.now().getTime() + seconds * 1000));
    throw notAuthorized();
  }

  async function setPassword(
    tx: Tx,
    userId: number,
    password: string,
    action: string,
    ctx: RequestContext & { actor: number | null },
  ): Promise<void> {
    const now = clock.now();
    await repo.upsertCredential(tx, userId, {
      passwordHash: await hashPassword(password),
      temporary: false,
      temporaryExpiresAt: null,
      updatedAt: now,
    });
    // A new password ends every other session of the user.
    await repo.revokeAllRefreshTokens(tx, userId, now);
    await writeAudit(tx, {
      actor: ctx.actor,
      action,
      entity: 'user',
      entityId: userId,
      after: { temporary: false },
      requestId: ctx.requestId,
    });
  }

  return {
    /**
     * Wrong password, unknown e-mail and inactive user get one identical answer after the same argon2 work; only
     * someone holding the right temporary password learns that it expired (spec 1 §8).
     */
    async signIn(email: string, password: string): Promise<SignInResult> {
      const attempts = await repo.findAttempts(db, email);
      if (attempts?.lockedUntil && attempts.lockedUntil > clock.now()) throw attemptsExceeded();

      const found = await repo.findUserWithCredential(db, { email });
      const passwordOk = await verifyPassword(found?.credential?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!found?.credential || !passwordOk || !found.user.isActive || found.user.isArchived) {
        return failSignIn(email);
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
      return { kind: 'tokens', ...(await issueTokens(db, user, now)) };
    },

    async completeNewPassword(session: string, newPassword: string, ctx: RequestContext): Promise<IssuedTokens> {
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
      return db.transaction(async (tx) => {
        await setPassword(tx, found.user.id, newPassword, 'identity.password-changed', {
          actor: found.user.id,
          requestId: ctx.requestId,
        });
        return issueTokens(tx, found.user, now);
      });
    },

    /** Always succeeds from the caller's view; mails a code only to an active user under the hourly cap. */
    async forgotPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || !user.isActive || user.isArchived) return;
      const now = clock.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + RESET_CODE_TTL_SECONDS * 1000);
      const issued = await db.transaction(async (tx) => {
        await repo.lockUser(tx, user.id);
        const recent = await repo.countResetCodesSince(tx, user.id, new Date(now.getTime() - 60 * 60 * 1000));
        if (recent >= RESET_CODE_MAX_REQUESTS_PER_HOUR) return false;
        await repo.insertResetCode(tx, {
          userId: user.id,
          codeHash: secure(`${user.id}:${code}`),
          expiresAt,
          createdAt: now,
        });
        return true;
      });
      if (!issued) {
        log.warn({ userId: user.id }, 'password reset requests over the hourly cap; no code mailed');
        return;
      }
      // Not awaited: the answer must not wait for (or reveal) the mail relay.
      mailer.sendInBackground(resetCodeMail(user, code, expiresAt), (error) =>
        log.error({ err: error, userId: user.id }, 'could not mail the password reset code'),
      );
    },

    async confirmForgotPassword(email: string, code: string, newPassword: string, ctx: RequestContext): Promise<void> {
      const user = await repo.findUserByEmail(db, email);
      if (!user || !user.isActive || user.isArchived) throw codeMismatch();
      const now = clock.now();
      // Decide inside the transaction, throw after it: a wrong try must be counted even though it fails.
      const outcome = await db.transaction(async (tx) => {
        const stored = await repo.latestResetCode(tx, user.id);
        if (!stored) return codeMismatch();
        if (stored.usedAt) return codeExpired();
        if (stored.attempts >= RESET_CODE_MAX_ATTEMPTS) return limitExceeded();
        if (stored.expiresAt <= now) return codeExpired();
        const expected = Buffer.from(stored.codeHash, 'hex');
        const given = Buffer.from(secure(`${user.id}:${code}`), 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          // The try that reaches the limit still hears "mismatch"; the code is void from the next one on.
          await repo.countWrongResetCode(tx, stored.id);
          return codeMismatch();
        }
        await repo.markResetCodeUsed(tx, stored.id, now);
        await setPassword(tx, user.id, newPassword, 'identity.password-reset', {
          actor: user.id,
          requestId: ctx.requestId,
        });
        // Proving control of the mailbox ends a sign-in lockout too.
        await repo.clearAttempts(tx, email);
        return null;
      });
      if (outcome) throw outcome;
    },

    async refresh(refreshToken: string | undefined): Promise<IssuedTokens> {
      if (!refreshToken) throw notAuthorized(MESSAGES.sessionInvalid);
      const now = clock.now();
      const stored = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!stored || stored.revokedAt) throw notAuthorized(MESSAGES.sessionInvalid);
      if (stored.expiresAt <= now) throw notAuthorized(MESSAGES.sessionExpired);
      const found = await repo.findUserWithCredential(db, { id: stored.userId });
      if (!found || !found.user.isActive || found.user.isArchived) throw notAuthorized(MESSAGES.sessionInvalid);
      return db.transaction(async (tx) => {
        // Rotation: the presented token dies now; if another request rotated it first, this one loses.
        if (!(await repo.revokeRefreshToken(tx, stored.id, now))) throw notAuthorized(MESSAGES.sessionInvalid);
        return issueTokens(tx, found.user, stored.authTime, stored.expiresAt);
      });
    },

    async signOut(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const stored = await repo.findRefreshToken(db, sha256(refreshToken));
      if (stored && !stored.revokedAt) await repo.revokeRefreshToken(db, stored.id, clock.now());
    },

    /**
     * Gives a user a new temporary password (valid TEMPORARY_PASSWORD_TTL_DAYS) and mails it, inside the
     * caller's transaction: creating a user and resending a password both use it. With mail 'required' (the
     * default) a failed send throws and so rolls the transaction back (spec 1 §8, resend failure); the CLI uses
     * 'best-effort' because it prints the password anyway.
     */
    async issueTemporaryPassword(
      tx: Tx,
      user: { id: number; email: string; firstname: string },
      ctx: RequestContext & { actor: number | null; mail?: 'required' | 'best-effort' },
    ): Promise<{ password: string; expiresAt: Date; mailed: boolean }> {
      const now = clock.now();
      const password = newTemporaryPassword();
      const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_TTL_DAYS * DAY_MS);
      await repo.upsertCredential(tx, user.id, {
        passwordHash: await hashPassword(password),
        temporary: true,
        temporaryExpiresAt: expiresAt,
        updatedAt: now,
      });
      await repo.revokeAllRefreshTokens(tx, user.id, now);
      await writeAudit(tx, {
        actor: ctx.actor,
        action: 'identity.temporary-password-issued',
        entity: 'user',
        entityId: user.id,
        after: { temporary: true, temporaryExpiresAt: expiresAt.toISOString() },
        requestId: ctx.requestId,
      });
      try {
        await mailer.send(temporaryPasswordMail(user, password, expiresAt, config.appUrl));
        return { password, expiresAt, mailed: true };
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'could not mail the temporary password');
        if (ctx.mail === 'best-effort') return { password, expiresAt, mailed: false };
        throw new AppError('MAIL_FAILED', 503, MESSAGES.resendPasswordFailed);
      }
    },
  };
}
