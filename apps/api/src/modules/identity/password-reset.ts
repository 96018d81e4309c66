import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AppErrorCode,
  RESET_CODE_FAILURE_WINDOW_SECONDS,
  RESET_CODE_MAX_REQUESTS_PER_HOUR,
  RESET_CODE_TTL_SECONDS,
  resetCodeTryRefused,
  withCodeRequest,
  withWrongCode,
} from '@planpiso/domain';
import { passwordResetCode, type PasswordResetCodeRequest } from '../../jobs/password-reset-code';
import { queueMail } from '../../jobs/send-mail';
import { AppError } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { setPassword } from './credentials';
import { resetCodeMail } from './mail-templates';
import { hashPassword } from './passwords';
import * as repo from './repository';
import type { ClientContext, IdentityDeps } from './shared';

const codeMismatch = () => new AppError(AppErrorCode.CodeMismatchException);
const codeExpired = () => new AppError(AppErrorCode.ExpiredCodeException);
const limitExceeded = () => new AppError(AppErrorCode.LimitExceededException);

/** A reset code as stored: keyed with the server's secret, so a copy of the table does not give the codes away. */
const secure = ({ config }: Pick<IdentityDeps, 'config'>, value: string) =>
  createHmac('sha256', config.jwtSecret).update(value).digest('hex');

/**
 * Always succeeds from the caller's view, and does one and the same thing for every e-mail: it queues the
 * request (decision 022). Whether the e-mail belongs to someone is only looked at by the job, after the answer.
 */
export async function forgotPassword(deps: IdentityDeps, email: string, client?: string): Promise<void> {
  const { db, clock, jobs } = deps;
  await jobs.send(db, passwordResetCode, {
    email,
    requestedAt: clock.now().toISOString(),
    ...(client ? { client } : {}),
  });
}

/**
 * The job behind forgot-password: mails a code only to an active user under the hourly cap. The mail is a job
 * queued with the code (decision 017). Times run from the request, not from when the job happens to run. Run
 * twice, it mails a second code that replaces the first (only the newest is valid): safe, if redundant.
 */
export async function issueResetCode(deps: IdentityDeps, request: PasswordResetCodeRequest): Promise<void> {
  const { db, jobs, log } = deps;
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
      codeHash: secure(deps, `${user.id}:${code}`),
      expiresAt,
      createdAt: now,
    });
    await queueMail(jobs, tx, resetCodeMail(user, code, expiresAt));
    return true;
  });
  if (!issued) log.warn({ userId: user.id }, 'password reset requests over the hourly cap; no code mailed');
}

/**
 * Known and unknown e-mails answer alike (decision 022): the same argon2 work, the same wrong-code counts with
 * their 429, and 'expired' only for someone who typed the right code. Wrong codes are counted per (e-mail,
 * client) and per e-mail from all clients (decision 064): a client over its own limit is blocked, and once the
 * e-mail's limit is reached every client is, except the one that asked for the newest code. Wrong tries never
 * void the code, so strangers cannot take the owner's code away.
 */
export async function confirmForgotPassword(
  deps: IdentityDeps,
  email: string,
  code: string,
  newPassword: string,
  ctx: ClientContext,
): Promise<void> {
  const { db, clock } = deps;
  const found = await repo.findUserByEmail(db, email);
  const user = found && found.isActive && !found.isArchived ? found : undefined;
  const now = clock.now();
  // Hashed before the transaction, whatever the code and the e-mail turn out to be: every try costs the same.
  const passwordHash = await hashPassword(newPassword);
  const given = Buffer.from(secure(deps, `${user?.id ?? 0}:${code}`), 'hex');
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
      return codeMismatch();
    }
    // Only the holder of the right code learns that it is used, late or void: ask for another one.
    // Wrong tries never void the code (issue 27 §5): the limits above stop the guessers instead.
    if (stored.usedAt || stored.expiresAt <= now) {
      return codeExpired();
    }
    await repo.markResetCodeUsed(tx, stored.id, now);
    await setPassword(deps, tx, user.id, passwordHash, 'identity.password-reset', {
      actor: user.id,
      requestId: ctx.requestId,
    });
    // Proving control of the mailbox ends a sign-in lockout too.
    await repo.clearAttempts(tx, email);
    return null;
  });
  if (outcome) throw outcome;
}
