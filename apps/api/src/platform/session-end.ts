import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * The PostgreSQL channel on which an ended session is announced (decision 065). PostgreSQL delivers a NOTIFY sent in
 * a transaction only once it commits (never for a rollback), to every API copy listening (platform/realtime.ts),
 * each of which closes that user's sockets.
 */
export const SESSIONS_ENDED_CHANNEL = 'planpiso_sessions_ended';

/** Announces, in the caller's transaction, that every session of the user ended. */
export async function announceSessionEnd(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${String(userId)})`);
}
