import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
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
 * Removes the rows of those of `ids` that are still stale unclaimed uploads, in two statements for the whole batch:
 * a row a save holds locked is skipped, one a save claimed meanwhile stays. Answers the removed rows' ids and storage
 * keys, for the bytes to go after the commit.
 */
export async function removeStaleUnclaimed(
  tx: Executor,
  ids: readonly number[],
  before: Date,
): Promise<{ id: number; key: string }[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: files.id, key: files.key })
    .from(files)
    .where(and(inArray(files.id, [...ids]), lt(files.createdAt, before), unclaimed))
    .orderBy(asc(files.id))
    .for('update', { skipLocked: true });
  if (rows.length === 0) return [];
  await tx.delete(files).where(
    inArray(
      files.id,
      rows.map((row) => row.id),
    ),
  );
  return rows;
}
