import { eq } from 'drizzle-orm';
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
