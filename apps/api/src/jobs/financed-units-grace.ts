import { z } from 'zod';
import type { AppDeps } from '../platform/deps';
import { expireSaleGraces, reconcilePayoffs } from '../modules/financed-units';
import type { JobDefinition } from './runner';

/**
 * The sold-out-of-trust control (issue 29 item 2) on the insertion cycle's cron: sold units the CRM shows paid off
 * become Liquidada (which lifts the hold), then units sold whose payoff grace is over become Vencida sin liquidar
 * (which holds their company's new drawdowns). Idempotent (reconcile-payoffs.ts, expire-sale-graces.ts).
 */
export function financedUnitsGraceJob(
  deps: Pick<AppDeps, 'db' | 'clock' | 'adapters'>,
  cron: string,
): JobDefinition<Record<string, never>> {
  return {
    name: 'financed-units-grace',
    payload: z.object({}).strict(),
    cron,
    retryLimit: 1,
    async handle() {
      await reconcilePayoffs(deps);
      await expireSaleGraces(deps);
    },
  };
}
