import { TEMPORARY_PASSWORD_TTL_DAYS } from '@planpiso/domain';
import type { Tx } from '../../db/client';
import { queueMail } from '../../jobs/send-mail';
import { writeAudit } from '../../platform/audit';
import type { MailMessage } from '../../platform/mail';
import { temporaryPasswordMail } from './mail-templates';
import { hashPassword, newTemporaryPassword } from './passwords';
import * as repo from './repository';
import type { IdentityDeps, RequestContext } from './shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A temporary password and its argon2 hash, made before the transaction that stores it opens. */
export type TemporaryPassword = { password: string; passwordHash: string };
export type IssuedPassword = { password: string; expiresAt: Date; mail: MailMessage };

/** Stores a password hashed beforehand: argon2's ~50 ms never run while a transaction holds its locks. */
export async function setPassword(
  deps: Pick<IdentityDeps, 'clock'>,
  tx: Tx,
  userId: number,
  passwordHash: string,
  action: string,
  ctx: RequestContext & { actor: number | null },
): Promise<void> {
  const { clock } = deps;
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

/** A new temporary password and its hash; call it before opening the transaction that issues it. */
export async function prepareTemporaryPassword(): Promise<TemporaryPassword> {
  const password = newTemporaryPassword();
  return { password, passwordHash: await hashPassword(password) };
}

/**
 * Gives a user a prepared temporary password (valid TEMPORARY_PASSWORD_TTL_DAYS) in the caller's transaction —
 * creating a user, resending a password and the account wizard use it — and queues the mail that carries it in
 * that same transaction (decision 017): it goes out once the transaction commits, retried while the relay is
 * down, and never if the transaction rolls back. `mail: 'caller'` (the CLI) leaves the sending to the caller,
 * after the commit.
 */
export async function issueTemporaryPassword(
  deps: IdentityDeps,
  tx: Tx,
  user: { id: number; email: string; firstname: string },
  temporary: TemporaryPassword,
  ctx: RequestContext & { actor: number | null; mail?: 'queue' | 'caller' },
): Promise<IssuedPassword> {
  const { clock, jobs, config } = deps;
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
}
