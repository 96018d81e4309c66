import { z } from 'zod';
import type { AppDeps } from '../platform/deps';
import { expireSaleGraces } from '../modules/financed-units';
import type { JobDefinition } from './runner';

/**
 * The sold-out-of-trust control (issue 29 item 2) on the insertion cycle's cron: units sold whose payoff grace is
 * over become Vencida sin liquidar, which holds their company's new drawdowns. Idempotent (expire-sale-graces.ts).
 */
export function financedUnitsGraceJob(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  cron: string,
): JobDefinition<Record<string, never>> {
  return {
    name: 'financed-units-grace',
    payload: z.object({}).strict(),
    cron,
    retryLimit: 1,
    async handle() {
      await expireSaleGraces(deps);
    },
  };
}
