import type { Executor, Tx } from '../db/client';
import { writeAudit } from './audit';
import type { AuthUser } from './auth';
import { notFound } from './errors';
import { transaction } from './transaction';

/** A configuration list's row as a delete sees it: found locked, deleted, and recorded as `<entity>.deleted`. */
export type DeletableRows<Row> = {
  entity: string;
  findLocked: (tx: Tx, id: number) => Promise<Row | undefined>;
  remove: (tx: Tx, id: number) => Promise<void>;
  /** What the trail keeps of the deleted row. */
  present: (row: Row) => unknown;
};

/** Deletes row `id` in one transaction with its audit row (what it was); 404 when it is not there. */
export async function deleteAudited<Row>(
  db: Executor,
  rows: DeletableRows<Row>,
  actor: AuthUser,
  id: number,
  requestId: string,
): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await rows.findLocked(tx, id);
    if (!before) throw notFound();
    await rows.remove(tx, id);
    await writeAudit(tx, {
      actor: actor.id,
      action: `${rows.entity}.deleted`,
      entity: rows.entity,
      entityId: id,
      before: rows.present(before),
      requestId,
    });
  });
}
