import { z } from 'zod';
import { spentResetRecords } from '@planpiso/domain';
import type { Db } from '../db/client';
import { purgeSpentResetRecords } from '../modules/identity';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/deps';
import type { JobDefinition } from './runner';

/**
 * Every hour, the reset-code records that decide nothing any more go (issue 27 item 5, decision 064): a flood of
 * forgot-password requests or wrong codes for made-up e-mails leaves a row per e-mail and per address, which would
 * otherwise stay for ever. Idempotent; a deleted record reads as a fresh one.
 */
export function resetCodeCleanupJob(deps: {
  db: Db;
  clock: Clock;
  log: Logger;
}): JobDefinition<Record<string, never>> & { purge(): Promise<{ guards: number; failures: number; codes: number }> } {
  const { db, clock, log } = deps;
  const purge = () => purgeSpentResetRecords(db, spentResetRecords(clock.now()));
  return {
    name: 'reset-code-cleanup',
    payload: z.object({}).strict(),
    cron: '41 * * * *',
    retryLimit: 1,
    async handle() {
      const removed = await purge();
      if (removed.guards + removed.failures + removed.codes > 0)
        log.info(removed, 'identity: spent reset records removed');
    },
    purge,
  };
}
