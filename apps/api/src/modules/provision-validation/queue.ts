import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { JobAddress, JobRunner } from '../../jobs/runner';
import * as repo from './repository';

/** The payload of the validation job: one provision, one round (decision 035). */
export type ValidationJobPayload = { provisionId: number };

/** Where the validation job is sent (its handler: jobs/provision-validation.ts). */
export const PROVISION_VALIDATION: JobAddress<ValidationJobPayload> = {
  name: repo.PROVISION_VALIDATION_JOB,
  payload: z.object({ provisionId: z.number().int().positive() }),
};

/**
 * Starts a validation round in the caller's transaction — the one that moves the provision to 2 (Enviar, or
 * create-and-send): the units' verdicts are cleared (their history keeps the earlier ones) and the job is queued,
 * existing only if that transaction commits.
 */
export async function queueProvisionValidation(tx: Executor, runner: JobRunner, provisionId: number): Promise<void> {
  await repo.clearVerdicts(tx, provisionId);
  await runner.send(tx, PROVISION_VALIDATION, { provisionId });
}
