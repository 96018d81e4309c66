import { z } from 'zod';
import type { ProvisionValidation } from '../modules/provision-validation';
import { PROVISION_VALIDATION, type ValidationJobPayload } from '../modules/provision-validation';
import type { BatchJobRunner, JobDefinition } from './runner';

/**
 * Retries of one validation round while a system is down (decision 035): pg-boss waits 5–10 s before the first,
 * doubling each time (about 1.5–3 hours in all for 8). A longer outage is the sweep's: every 10 minutes it queues
 * again each provision still in 2 with no live job, so a round always completes once the systems are back.
 */
export const VALIDATION_RETRY_LIMIT = 8;
export const VALIDATION_RETRY_DELAY_SECONDS = 5;

/** Validations worked at once per process (each holds one connection for its advisory lock, decision 070). */
const VALIDATION_CONCURRENCY = 2;

/**
 * How long one run of a validation may keep taking units: a quarter of the queue's expiry, at most 30 s, so a run
 * (and its last unit's calls) ends well inside the expiry and the queue never re-runs it while it works.
 */
const validationBudgetMs = (expireSeconds: number) => Math.min(30, expireSeconds / 4) * 1000;

/** The validation of a sent provision's units (queued when it reaches 2) and the sweep that never lets one stall. */
export function provisionValidationJobs({
  validation,
  runner,
  expireSeconds = 120,
}: {
  validation: ProvisionValidation;
  runner: Pick<BatchJobRunner, 'sendMany'>;
  /** The queue's expiry (config.jobs.expireSeconds): each run ends well inside it. */
  expireSeconds?: number;
}) {
  const budgetMs = validationBudgetMs(expireSeconds);
  const validate: JobDefinition<ValidationJobPayload> = {
    ...PROVISION_VALIDATION,
    retryLimit: VALIDATION_RETRY_LIMIT,
    retryDelay: VALIDATION_RETRY_DELAY_SECONDS,
    concurrency: VALIDATION_CONCURRENCY,
    // Two runs of one provision never overlap, even when a run outlives its expiry (decision 070).
    exclusiveKey: ({ provisionId }) => String(provisionId),
    handle: (payload) => validation.validate(payload, { budgetMs }),
  };

  const sweep: JobDefinition<Record<string, never>> = {
    name: 'provision-validation-sweep',
    payload: z.object({}).strict(),
    cron: '*/10 * * * *',
    retryLimit: 0,
    async handle() {
      await validation.sweep(runner);
    },
  };

  return { validate, sweep };
}
