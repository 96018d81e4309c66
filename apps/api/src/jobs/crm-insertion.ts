import { z } from 'zod';
import type { CreditFailuresService } from '../modules/credit-failures/service';
import type { JobDefinition, JobRunner } from './runner';

/**
 * The CRM insertion cycle (issue 4, decision 011): on its cron the cycle sends one insertion job per queued unit;
 * each job tries its unit once. A unit the CRM refuses, or that cannot reach it, becomes a credit failure (the
 * row's 'failed' state) for a person to retry, insert or remove — the job itself does not retry, so an outage
 * does not hammer the CRM. Both jobs are idempotent: the row's state and the CRM's idempotency key make a job that
 * runs twice insert once.
 */
export function crmInsertionJobs(
  failures: Pick<CreditFailuresService, 'attempt' | 'queuedIds'>,
  runner: JobRunner,
  cron: string,
  db: Parameters<JobRunner['send']>[0],
) {
  const insertUnit: JobDefinition<{ insertionId: number }> = {
    name: 'crm-insert-unit',
    payload: z.object({ insertionId: z.number().int().positive() }),
    // A crash or a lost worker retries through pg-boss's expiry; an answer from the CRM is final for this cycle.
    retryLimit: 2,
    async handle({ insertionId }) {
      await failures.attempt(insertionId, 'queued', null);
    },
  };

  const cycle: JobDefinition<Record<string, never>> = {
    name: 'crm-insertion-cycle',
    payload: z.object({}).strict(),
    cron,
    retryLimit: 1,
    async handle() {
      for (const insertionId of await failures.queuedIds()) {
        // One job per unit and cycle: the singleton key keeps a unit from being queued twice while its job waits.
        await runner.send(db, insertUnit, { insertionId }, { singletonKey: `crm-insert-${insertionId}` });
      }
    },
  };

  return { insertUnit, cycle };
}
