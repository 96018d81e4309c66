import { z } from 'zod';
import type { ReleaseReconciliation } from '../modules/credit-lines';
import type { JobDefinition } from './runner';

/**
 * The release reconciliation (decision 055) on the insertion cycle's cron: units released without the CRM (Liberar)
 * stop holding their amounts once the CRM lists their credits. Idempotent: each unit moves once, conditionally.
 */
export function crmReleaseReconciliationJob(
  reconcile: ReleaseReconciliation,
  cron: string,
): JobDefinition<Record<string, never>> {
  return {
    name: 'crm-release-reconciliation',
    payload: z.object({}).strict(),
    cron,
    retryLimit: 1,
    async handle() {
      await reconcile();
    },
  };
}
