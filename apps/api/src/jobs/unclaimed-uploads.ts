import { z } from 'zod';
import { UNCLAIMED_UPLOAD_TTL_HOURS, unclaimedUploadCutoff } from '@planpiso/domain';
import type { Db } from '../db/client';
import * as repo from '../modules/documents';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/deps';
import type { Storage } from '../platform/storage/storage';
import { afterCommit, transaction } from '../platform/transaction';
import type { JobDefinition } from './runner';

/** Candidates read per round, removed together in one short transaction. */
const BATCH = 200;

/**
 * Removes the uploads no save claimed within UNCLAIMED_UPLOAD_TTL_HOURS (issue 27 item 4, decision 071), with their
 * bytes: every hour, each `files` row no evidence holds, older than the cutoff, is deleted (a save holding it locked
 * is skipped; one that claimed it meanwhile keeps it), and its bytes go once that deletion has committed. A failure
 * to delete bytes leaves an orphan object (logged), never a row without its bytes. Idempotent.
 */
export function unclaimedUploadsCleanupJob(deps: {
  db: Db;
  storage: Pick<Storage, 'delete'>;
  clock: Clock;
  log: Logger;
}): JobDefinition<Record<string, never>> & { removeStale(): Promise<number> } {
  const { db, storage, clock, log } = deps;

  async function removeStale(): Promise<number> {
    const before = unclaimedUploadCutoff(clock.now(), UNCLAIMED_UPLOAD_TTL_HOURS);
    let removed = 0;
    let afterId = 0;
    for (;;) {
      const candidates = await repo.staleUnclaimed(db, before, afterId, BATCH);
      if (candidates.length === 0) return removed;
      afterId = candidates[candidates.length - 1]!.id;
      // The round's rows in one transaction (two statements), not one transaction per row.
      await transaction(db, async (tx) => {
        const gone = await repo.removeStaleUnclaimed(
          tx,
          candidates.map((candidate) => candidate.id),
          before,
        );
        removed += gone.length;
        await afterCommit(tx, async () => {
          for (const { id, key } of gone) {
            try {
              await storage.delete(key);
            } catch (error) {
              log.error({ fileId: id, err: { message: (error as Error).message } }, 'uploads: could not delete bytes');
            }
          }
        });
      });
    }
  }

  return {
    name: 'unclaimed-uploads-cleanup',
    payload: z.object({}).strict(),
    cron: '23 * * * *',
    retryLimit: 1,
    async handle() {
      const removed = await removeStale();
      if (removed > 0) log.info({ removed }, 'uploads: unclaimed uploads removed');
    },
    removeStale,
  };
}
