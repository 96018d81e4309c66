import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  credentials,
  refreshTokens,
  resetCodeFailures,
  resetCodeGuards,
  resetCodes,
  signInAttempts,
} from '../../db/schema/identity';
import { users } from '../../db/schema/users';
import type { ResetCodeGuard } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { announceSessionEnd } from '../../platform/session-end';

export type IdentityUser = {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  type: number;
  isActive: boolean;
  isArchived: boolean;
  sessionVersion: number;
};

export type Credential = {
  passwordHash: string;
  temporary: boolean;
  temporaryExpiresAt: Date | null;
  updatedAt: Date;
};

const userColumns = {
  id: users.id,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  type: users.type,
  isActive: users.isActive,
  isArchived: users.isArchived,
  sessionVersion: users.sessionVersion,
};

const credentialColumns = {
  passwordHash: credentials.passwordHash,
  temporary: credentials.temporary,
  temporaryExpiresAt: credentials.temporaryExpiresAt,
  updatedAt: credentials.updatedAt,
};

export async function findUserByEmail(db: Executor, email: string): Promise<IdentityUser | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserWithCredential(
  db: Executor,
  where: { email: string } | { id: number },
): Promise<{ user: IdentityUser; credential: Credential | null } | undefined> {
  const [row] = await db
    .select({ user: userColumns, credential: credentialColumns })
    .from(users)
    .leftJoin(credentials, eq(credentials.userId, users.id))
    .where('email' in where ? eq(users.email, where.email) : eq(users.id, where.id))
    .limit(1);
  if (!row) return undefined;
  return { user: row.user, credential: row.credential?.passwordHash ? (row.credential as Credential) : null };
}

/**
 * Locks the user's row for the rest of the transaction (serialises per-user counters such as reset codes, and a
 * refresh against an ending of sessions) and returns its session version.
 */
export async function lockUser(tx: Executor, userId: number): Promise<{ sessionVersion: number } | undefined> {
  const [row] = await tx
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * Ends every session of the user (decision 022): the session version moves on, so every access token issued
 * before answers 401, and every refresh token dies. The UPDATE locks the user's row first, so a refresh that
 * locked it (see lockUser) either finished before or sees the new version.
 */
export async function endSessions(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
  await revokeAllRefreshTokens(tx, userId, now);
  // Every API copy closes the user's sockets once this commits (PostgreSQL delivers a NOTIFY on commit, and never
  // for a rollback): sign-out, a new password, deactivation and a resent password end live sessions too (decision 065).
  await announceSessionEnd(tx, userId);
}

export async function upsertCredential(
  tx: Executor,
  userId: number,
  value: { passwordHash: string; temporary: boolean; temporaryExpiresAt: Date | null; updatedAt: Date },
): Promise<void> {
  await tx
    .insert(credentials)
    .values({ userId, ...value })
    .onConflictDoUpdate({ target: credentials.userId, set: value });
}

// --- sign-in attempts -------------------------------------------------------------------------------------

export async function findAttempts(db: Executor, email: string) {
  const [row] = await db
    .select({ failures: signInAttempts.failures, lockedUntil: signInAttempts.lockedUntil })
    .from(signInAttempts)
    .where(eq(signInAttempts.email, email))
    .limit(1);
  return row;
}

/** Counts one more failure for the e-mail and returns the new total. */
export async function recordFailure(db: Executor, email: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(signInAttempts)
    .values({ email, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInAttempts.email,
      set: { failures: sql`${signInAttempts.failures} + 1`, updatedAt: now },
    })
    .returning({ failures: signInAttempts.failures });
  return row!.failures;
}

export async function lockEmail(db: Executor, email: string, until: Date): Promise<void> {
  await db.update(signInAttempts).set({ lockedUntil: until }).where(eq(signInAttempts.email, email));
}

export async function clearAttempts(db: Executor, email: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, email));
}

// --- refresh tokens ---------------------------------------------------------------------------------------

export async function insertRefreshToken(
  tx: Executor,
  value: { userId: number; tokenHash: string; authTime: Date; expiresAt: Date; createdAt: Date; familyId?: string },
): Promise<void> {
  await tx.insert(refreshTokens).values(value);
}

export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      authTime: refreshTokens.authTime,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
      familyId: refreshTokens.familyId,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Revokes one token unless already revoked; false when someone else revoked it first (a concurrent rotation). */
export async function revokeRefreshToken(tx: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeAllRefreshTokens(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every token of one sign-in's chain (a rotated token presented again: someone else may hold it). */
export async function revokeFamily(tx: Executor, familyId: string, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

// --- reset codes ------------------------------------------------------------------------------------------

export async function countResetCodesSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(resetCodes)
    .where(and(eq(resetCodes.userId, userId), gte(resetCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertResetCode(
  tx: Executor,
  value: { userId: number; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx.insert(resetCodes).values(value);
}

/** The newest code of the user, locked: only the latest code mailed is valid. */
export async function latestResetCode(tx: Executor, userId: number) {
  const [row] = await tx
    .select({
      id: resetCodes.id,
      codeHash: resetCodes.codeHash,
      expiresAt: resetCodes.expiresAt,
      usedAt: resetCodes.usedAt,
    })
    .from(resetCodes)
    .where(eq(resetCodes.userId, userId))
    .orderBy(desc(resetCodes.createdAt), desc(resetCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function markResetCodeUsed(tx: Executor, id: number, now: Date): Promise<void> {
  await tx.update(resetCodes).set({ usedAt: now }).where(eq(resetCodes.id, id));
}

// --- wrong reset codes per e-mail and client ----------------------------------------------------------------

/** Wrong codes counted for (e-mail, client) in the current window, the row locked; 0 once the window ended. */
export async function resetFailures(tx: Executor, email: string, client: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ failures: resetCodeFailures.failures, windowEndsAt: resetCodeFailures.windowEndsAt })
    .from(resetCodeFailures)
    .where(and(eq(resetCodeFailures.email, email), eq(resetCodeFailures.client, client)))
    .for('update');
  return row && row.windowEndsAt > now ? row.failures : 0;
}

/** Counts one more wrong code for (e-mail, client); a window that ended starts again at 1. */
export async function countResetFailure(
  tx: Executor,
  email: string,
  client: string,
  now: Date,
  windowEndsAt: Date,
): Promise<void> {
  await tx
    .insert(resetCodeFailures)
    .values({ email, client, failures: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: [resetCodeFailures.email, resetCodeFailures.client],
      set: {
        failures: sql`case when ${resetCodeFailures.windowEndsAt} <= ${now} then 1 else ${resetCodeFailures.failures} + 1 end`,
        windowEndsAt: sql`case when ${resetCodeFailures.windowEndsAt} <= ${now} then ${windowEndsAt} else ${resetCodeFailures.windowEndsAt} end`,
      },
    });
}

// --- wrong reset codes per e-mail from all clients, and who asked for the code (decision 064) --------------

/** The e-mail's guard (lower-cased e-mail, known or not), created when missing and locked until the transaction ends. */
export async function lockResetGuard(tx: Executor, email: string): Promise<ResetCodeGuard> {
  const key = email.toLowerCase();
  await tx.insert(resetCodeGuards).values({ email: key }).onConflictDoNothing();
  const [row] = await tx
    .select({
      failures: resetCodeGuards.failures,
      failuresWindowEndsAt: resetCodeGuards.failuresWindowEndsAt,
      requests: resetCodeGuards.requests,
      requestsWindowEndsAt: resetCodeGuards.requestsWindowEndsAt,
      requester: resetCodeGuards.requester,
      requestedAt: resetCodeGuards.requestedAt,
    })
    .from(resetCodeGuards)
    .where(eq(resetCodeGuards.email, key))
    .for('update');
  return row!;
}

export async function saveResetGuard(tx: Executor, email: string, guard: ResetCodeGuard): Promise<void> {
  await tx.update(resetCodeGuards).set(guard).where(eq(resetCodeGuards.email, email.toLowerCase()));
}

/**
 * Deletes the reset-code records that decide nothing any more (domain `spentResetRecords`): guards and per-client
 * counts whose windows ended and whose code request is past a code's life, and the codes expired by then. A guard
 * some request holds locked is skipped (the next round takes it). Returns how many rows went, per table.
 */
export async function purgeSpentResetRecords(
  db: Executor,
  spent: { windowsEndedBy: Date; requestedBefore: Date },
): Promise<{ guards: number; failures: number; codes: number }> {
  const { windowsEndedBy, requestedBefore } = spent;
  const guards = await db.execute(sql`
    delete from ${resetCodeGuards} where email in (
      select email from ${resetCodeGuards}
      where coalesce(failures_window_ends_at <= ${windowsEndedBy}, true)
        and coalesce(requests_window_ends_at <= ${windowsEndedBy}, true)
        and coalesce(requested_at < ${requestedBefore}, true)
      for update skip locked)`);
  const failures = await db.execute(sql`
    delete from ${resetCodeFailures} where window_ends_at <= ${windowsEndedBy}`);
  const codes = await db.execute(sql`delete from ${resetCodes} where expires_at <= ${windowsEndedBy}`);
  return { guards: guards.rowCount ?? 0, failures: failures.rowCount ?? 0, codes: codes.rowCount ?? 0 };
}
