import { z } from 'zod';
import type { ProvisionValidation } from '../modules/provision-validation/service';
import { PROVISION_VALIDATION, type ValidationJobPayload } from '../modules/provision-validation/queue';
import type { JobDefinition, JobRunner } from './runner';

/**
 * Retries of one validation round while a system is down (decision 035): pg-boss waits 5–10 s before the first,
 * doubling each time (about 1.5–3 hours in all for 8). A longer outage is the sweep's: every 10 minutes it queues
 * again each provision still in 2 with no live job, so a round always completes once the systems are back.
 */
export const VALIDATION_RETRY_LIMIT = 8;
export const VALIDATION_RETRY_DELAY_SECONDS = 5;

/** The validation of a sent provision's units (queued when it reaches 2) and the sweep that never lets one stall. */
export function provisionValidationJobs({
  validation,
  runner,
}: {
  validation: ProvisionValidation;
  runner: JobRunner;
}) {
  const validate: JobDefinition<ValidationJobPayload> = {
    ...PROVISION_VALIDATION,
    retryLimit: VALIDATION_RETRY_LIMIT,
    retryDelay: VALIDATION_RETRY_DELAY_SECONDS,
    handle: (payload) => validation.validate(payload),
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
