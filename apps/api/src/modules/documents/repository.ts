import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { evidences, files } from '../../db/schema/files';

/** The file's row locked for the rest of `tx`: a save claiming it waits, then finds it gone. */
export async function lockFile(tx: Executor, id: number) {
  const [row] = await tx.select().from(files).where(eq(files.id, id)).for('update').limit(1);
  return row;
}

/** Whether an evidence (of an exception, provision or unit) holds the file. */
export async function isAttached(tx: Executor, fileId: number): Promise<boolean> {
  const [row] = await tx.select({ id: evidences.id }).from(evidences).where(eq(evidences.fileId, fileId)).limit(1);
  return row !== undefined;
}

export async function deleteFile(tx: Executor, id: number): Promise<void> {
  await tx.delete(files).where(eq(files.id, id));
}

/** Not held by any evidence: an upload no save has claimed (yet). */
const unclaimed = sql`not exists (select 1 from ${evidences} where ${evidences.fileId} = ${files.id})`;

/**
 * What the user holds in unclaimed uploads, counted under a per-user transaction lock so two uploads at once
 * cannot both pass the quota (decision 071).
 */
export async function lockedUnclaimedOf(tx: Executor, userId: number): Promise<{ files: number; bytes: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('unclaimed-uploads'), ${userId})`);
  const [row] = await tx
    .select({ files: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .where(and(eq(files.uploadedBy, userId), unclaimed));
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/** Unclaimed uploads made before `before`, after id `afterId`, in id order: the cleanup's candidates. */
export async function staleUnclaimed(db: Executor, before: Date, afterId: number, limit: number) {
  return db
    .select({ id: files.id })
    .from(files)
    .where(and(lt(files.createdAt, before), gt(files.id, afterId), unclaimed))
    .orderBy(asc(files.id))
    .limit(limit);
}

/**
 * Removes one stale unclaimed upload's row, if no save holds or claimed it meanwhile (its row locked, skipped when a
 * save has it locked): its storage key, for the bytes to go after the commit; null when it stays.
 */
export async function removeStaleUnclaimed(tx: Executor, id: number, before: Date): Promise<string | null> {
  const [row] = await tx
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.id, id), lt(files.createdAt, before), unclaimed))
    .for('update', { skipLocked: true })
    .limit(1);
  if (!row) return null;
  await tx.delete(files).where(eq(files.id, id));
  return row.key;
}
