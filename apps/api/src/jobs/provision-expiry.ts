import { z } from 'zod';
import type { ProvisionValidation } from '../modules/provision-validation';
import type { JobDefinition } from './runner';

/**
 * The provisions' expiry (issue 17, decision 035): every hour, each provision in statuses 1–6 older than the
 * configured provision_days is cancelled (11) and its reservation freed. Idempotent: a cancelled one is no longer
 * a candidate, and a move that lost a race is skipped.
 */
export function provisionExpiryJob(
  validation: Pick<ProvisionValidation, 'expire'>,
): JobDefinition<Record<string, never>> {
  return {
    name: 'provision-expiry',
    payload: z.object({}).strict(),
    cron: '7 * * * *',
    retryLimit: 1,
    async handle() {
      await validation.expire();
    },
  };
}
