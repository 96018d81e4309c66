import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  IDENTITY_ERROR,
  LOCKOUT_BASE_SECONDS,
  LOCKOUT_MAX_SECONDS,
  LOCKOUT_THRESHOLD,
  MESSAGES,
  REFRESH_TOKEN_TTL_SECONDS,
  RESET_CODE_FAILURE_WINDOW_SECONDS,
  RESET_CODE_MAX_REQUESTS_PER_HOUR,
  RESET_CODE_TTL_SECONDS,
  resetCodeTryRefused,
  withCodeRequest,
  withWrongCode,
  TEMPORARY_PASSWORD_EXPIRED,
  TEMPORARY_PASSWORD_TTL_DAYS,
  type Tokens,
} from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { passwordResetCode, type PasswordResetCodeRequest } from '../../jobs/password-reset-code';
import { queueMail } from '../../jobs/send-mail';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import { transaction } from '../../platform/transaction';
import { resetCodeMail, temporaryPasswordMail } from './mail-templates';
import { dummyPasswordHash, hashPassword, newTemporaryPassword, verifyPassword } from './passwords';
import * as repo from './repository';

/** How long the NEW_PASSWORD_REQUIRED session lasts (the hosted pool's was short too; ours: 10 minutes). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

const DAY_MS = 24 * 60 * 60 * 1000;

export type IssuedTokens = { tokens: Tokens; refreshToken: string; refreshExpiresAt: Date };
export type SignInResult = ({ kind: 'tokens' } & IssuedTokens) | { kind: 'challenge'; session: string };
export type RequestContext = { requestId?: string | null };
/** Where a request came from (Fastify's request.ip, behind TRUST_PROXY the client's). */
export type ClientContext = RequestContext & { client: string };
/** A temporary password and its argon2 hash, made before the transaction that stores it opens. */
export type TemporaryPassword = { password: string; passwordHash: string };
export type IssuedPassword = { password: string; expiresAt: Date; mail: MailMessage };

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
export function createIdentityService(deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'jwt' | 'config' | 'log'>) {
  const { db, clock, jobs, jwt, config, log } = deps;
  const secure = (value: string) => createHmac('sha256', config.jwtSecret).update(value).digest('hex');

  async function issueTokens(
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

  /**
   * Counts a failed sign-in, locks the e-mail at the threshold and writes both to the audit log (actor null: nobody
   * proved who they are). The e-mail is kept as typed — the lender's own log — the password never.
   */
  async function failSignIn(email: string, userId: number | null, ctx: RequestContext): Promise<never> {
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

  /** Stores a password hashed beforehand: argon2's ~50 ms never run while a transaction holds its locks. */
  async function setPassword(
    tx: Tx,
    userId: number,
    passwordHash: string,
    action: string,
    ctx: RequestContext & { actor: number | null },
  ): Promise<void> {
    const now = clock.now();
    await repo.upsertCredential(tx, userId, {
      passwordHash,
      temporary: false,
      temporaryExpiresAt: null,
      updatedAt: now,
    });
    // A new password ends every session of the user, access tokens included (decision 022).
    await repo.endSessions(tx, userId, now);
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
    async signIn(email: string, password: string, ctx: RequestContext = {}): Promise<SignInResult> {
      const attempts = await repo.findAttempts(db, email);
      if (attempts?.lockedUntil && attempts.lockedUntil > clock.now()) throw attemptsExceeded();

      const found = await repo.findUserWithCredential(db, { email });
      const passwordOk = await verifyPassword(found?.credential?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!found?.credential || !passwordOk || !found.user.isActive || found.user.isArchived) {
        return failSignIn(email, found?.user.id ?? null, ctx);
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
      const passwordHash = await hashPassword(newPassword);
      return transaction(db, async (tx) => {
        await setPassword(tx, found.user.id, passwordHash, 'identity.password-changed', {
          actor: found.user.id,
          requestId: ctx.requestId,
        });
        // The new password ended the sessions of the old one; this one starts at the new version.
        const locked = await repo.lockUser(tx, found.user.id);
        return issueTokens(tx, { ...found.user, sessionVersion: locked!.sessionVersion }, now);
      });
    },

    /**
     * Always succeeds from the caller's view, and does one and the same thing for every e-mail: it queues the
     * request (decision 022). Whether the e-mail belongs to someone is only looked at by the job, after the answer.
     */
    async forgotPassword(email: string, client?: string): Promise<void> {
      await jobs.send(db, passwordResetCode, {
        email,
        requestedAt: clock.now().toISOString(),
        ...(client ? { client } : {}),
      });
    },

    /**
     * The job behind forgot-password: mails a code only to an active user under the hourly cap. The mail is a job
     * queued with the code (decision 017). Times run from the request, not from when the job happens to run. Run
     * twice, it mails a second code that replaces the first (only the newest is valid): safe, if redundant.
     */
    async issueResetCode(request: PasswordResetCodeRequest): Promise<void> {
      const now = new Date(request.requestedAt);
      // Every e-mail, known or not, records who asked (decision 064): the limit per account reads it alike for all.
      if (request.client) {
        const client = request.client;
        await transaction(db, async (tx) => {
          const guard = await repo.lockResetGuard(tx, request.email);
          await repo.saveResetGuard(tx, request.email, withCodeRequest(guard, client, now));
        });
      }
      const user = await repo.findUserByEmail(db, request.email);
      if (!user || !user.isActive || user.isArchived) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + RESET_CODE_TTL_SECONDS * 1000);
      const issued = await transaction(db, async (tx) => {
        await repo.lockUser(tx, user.id);
        const recent = await repo.countResetCodesSince(tx, user.id, new Date(now.getTime() - 60 * 60 * 1000));
        if (recent >= RESET_CODE_MAX_REQUESTS_PER_HOUR) return false;
        await repo.insertResetCode(tx, {
          userId: user.id,
          codeHash: secure(`${user.id}:${code}`),
          expiresAt,
          createdAt: now,
        });
        await queueMail(jobs, tx, resetCodeMail(user, code, expiresAt));
        return true;
      });
      if (!issued) log.warn({ userId: user.id }, 'password reset requests over the hourly cap; no code mailed');
    },

    /**
     * Known and unknown e-mails answer alike (decision 022): the same argon2 work, the same wrong-code counts with
     * their 429, and 'expired' only for someone who typed the right code. Wrong codes are counted per (e-mail,
     * client) and per e-mail from all clients (decision 064): a client over its own limit is blocked, and once the
     * e-mail's limit is reached every client is, except the one that asked for the newest code. Wrong tries never
     * void the code, so strangers cannot take the owner's code away.
     */
    async confirmForgotPassword(email: string, code: string, newPassword: string, ctx: ClientContext): Promise<void> {
      const found = await repo.findUserByEmail(db, email);
      const user = found && found.isActive && !found.isArchived ? found : undefined;
      const now = clock.now();
      // Hashed before the transaction, whatever the code and the e-mail turn out to be: every try costs the same.
      const passwordHash = await hashPassword(newPassword);
      const given = Buffer.from(secure(`${user?.id ?? 0}:${code}`), 'hex');
      // Decide inside the transaction, throw after it: a wrong try must be counted even though it fails.
      const outcome = await transaction(db, async (tx) => {
        // Per account first (the same lock order as issueResetCode), then per client: decision 064.
        const guard = await repo.lockResetGuard(tx, email);
        const clientFailures = await repo.resetFailures(tx, email, ctx.client, now);
        if (resetCodeTryRefused({ clientFailures, guard, client: ctx.client, now })) return limitExceeded();
        const stored = user ? await repo.latestResetCode(tx, user.id) : undefined;
        const expected = stored ? Buffer.from(stored.codeHash, 'hex') : Buffer.alloc(given.length);
        const matches = !!stored && expected.length === given.length && timingSafeEqual(expected, given);
        if (!stored || !user || !matches) {
          const windowEnds = new Date(now.getTime() + RESET_CODE_FAILURE_WINDOW_SECONDS * 1000);
          await repo.countResetFailure(tx, email, ctx.client, now, windowEnds);
          await repo.saveResetGuard(tx, email, withWrongCode(guard, now));
          if (stored) await repo.countWrongResetCode(tx, stored.id);
          return codeMismatch();
        }
        // Only the holder of the right code learns that it is used, late or void: ask for another one.
        // Wrong tries never void the code (issue 27 §5): the limits above stop the guessers instead.
        if (stored.usedAt || stored.expiresAt <= now) {
          return codeExpired();
        }
        await repo.markResetCodeUsed(tx, stored.id, now);
        await setPassword(tx, user.id, passwordHash, 'identity.password-reset', {
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
        return issueTokens(tx, { ...found.user, sessionVersion: locked.sessionVersion }, stored.authTime, {
          expiresAt: stored.expiresAt,
          familyId: stored.familyId,
        });
      });
    },

    /**
     * Ends every session of the user behind the refresh cookie, or else behind a still valid access token: the
     * session version moves on (every access token issued so far answers 401) and every refresh token dies. An
     * unknown, revoked or missing credential ends nothing and still answers 200.
     */
    async signOut(refreshToken: string | undefined, accessToken: string | null, ctx: RequestContext): Promise<void> {
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
    },

    /** A new temporary password and its hash; call it before opening the transaction that issues it. */
    async prepareTemporaryPassword(): Promise<TemporaryPassword> {
      const password = newTemporaryPassword();
      return { password, passwordHash: await hashPassword(password) };
    },

    /**
     * Gives a user a prepared temporary password (valid TEMPORARY_PASSWORD_TTL_DAYS) in the caller's transaction —
     * creating a user, resending a password and the account wizard use it — and queues the mail that carries it in
     * that same transaction (decision 017): it goes out once the transaction commits, retried while the relay is
     * down, and never if the transaction rolls back. `mail: 'caller'` (the CLI) leaves the sending to the caller,
     * after the commit.
     */
    async issueTemporaryPassword(
      tx: Tx,
      user: { id: number; email: string; firstname: string },
      temporary: TemporaryPassword,
      ctx: RequestContext & { actor: number | null; mail?: 'queue' | 'caller' },
    ): Promise<IssuedPassword> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_TTL_DAYS * DAY_MS);
      await repo.upsertCredential(tx, user.id, {
        passwordHash: temporary.passwordHash,
        temporary: true,
        temporaryExpiresAt: expiresAt,
        updatedAt: now,
      });
      await repo.endSessions(tx, user.id, now);
      await writeAudit(tx, {
        actor: ctx.actor,
        action: 'identity.temporary-password-issued',
        entity: 'user',
        entityId: user.id,
        after: { temporary: true, temporaryExpiresAt: expiresAt.toISOString() },
        requestId: ctx.requestId,
      });
      const mail = temporaryPasswordMail(user, temporary.password, expiresAt, config.appUrl);
      if (ctx.mail !== 'caller') await queueMail(jobs, tx, mail);
      return { password: temporary.password, expiresAt, mail };
    },
  };
}
