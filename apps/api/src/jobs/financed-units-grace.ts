import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dueValidationSlot } from '@planpiso/domain';
import { provisionSettings } from '../db/schema/provision-settings';
import { scheduledRuns } from '../db/schema/scheduled-runs';
import type { AppDeps } from '../platform/deps';
import { transaction } from '../platform/transaction';
import type { NotificationsService } from '../modules/notifications';
import { expireSaleGraces, reconcilePayoffs, remindSaleGraces } from '../modules/financed-units';
import type { JobDefinition, JobRunner } from './runner';

export type FinancedUnitsGraceDeps = Pick<AppDeps, 'db' | 'clock' | 'adapters'> & {
  notifications: Pick<NotificationsService, 'notify'>;
  jobs: Pick<JobRunner, 'send'>;
};

/**
 * One pass of the sold-out-of-trust control (issue 29 item 2): the CRM's payoffs of the sold units (Liquidada, which
 * lifts the hold), then the "grace ends soon" reminders, then the sales whose grace is over (Vencida sin liquidar,
 * which holds the company's drawdowns). `register: true` reads every outstanding unit's balance first (the
 * register's reconciliation, issue 29 item 1). Each step is idempotent and tells the dealer and the account's
 * operator in its move's transaction (decision 080).
 */
export async function runFinancedUnitsPass(deps: FinancedUnitsGraceDeps, { register = false } = {}) {
  const paid = await reconcilePayoffs(deps, register ? 'all' : 'sold');
  const reminded = await remindSaleGraces(deps);
  const soldOutOfTrust = await expireSaleGraces(deps);
  return { paid, reminded, soldOutOfTrust };
}

/** The control's pass on the insertion cycle's cron: the sold units only, a few CRM calls each time. */
export function financedUnitsGraceJob(
  deps: FinancedUnitsGraceDeps,
  cron: string,
): JobDefinition<Record<string, never>> {
  return {
    name: 'financed-units-grace',
    payload: z.object({}).strict(),
    cron,
    retryLimit: 1,
    async handle() {
      await runFinancedUnitsPass(deps);
    },
  };
}

const REGISTER_SLOT = 'financed-units:register';

/**
 * The register's reconciliation with the CRM at the interval /configuraciones gives it (every `registerDays` days at
 * `registerTime`, Mexico City), scheduled as the periodic validations are: a tick every minute reads the row — a
 * saved change counts at once — and claims the due slot in `scheduled_runs` in the transaction that sends the pass,
 * so several API copies run each slot once. The pass reads every outstanding unit's balance, then the control's steps.
 */
export function financedUnitsRegisterJobs(deps: FinancedUnitsGraceDeps & { runner: Pick<JobRunner, 'send'> }) {
  const pass: JobDefinition<Record<string, never>> = {
    name: 'financed-units-register',
    payload: z.object({}).strict(),
    retryLimit: 1,
    async handle() {
      await runFinancedUnitsPass(deps, { register: true });
    },
  };
  const tick: JobDefinition<Record<string, never>> = {
    name: 'financed-units-register-tick',
    payload: z.object({}).strict(),
    cron: '* * * * *',
    retryLimit: 0,
    async handle() {
      const [settings] = await deps.db
        .select({ days: provisionSettings.registerDays, time: provisionSettings.registerTime })
        .from(provisionSettings)
        .where(eq(provisionSettings.id, 1));
      if (!settings) return;
      const slot = dueValidationSlot({ now: deps.clock.now(), days: settings.days, time: settings.time });
      if (!slot) return;
      await transaction(deps.db, async (tx) => {
        const claimed = await tx
          .insert(scheduledRuns)
          .values({ name: REGISTER_SLOT, lastSlot: slot })
          .onConflictDoUpdate({
            target: scheduledRuns.name,
            set: { lastSlot: slot, ranAt: sql`now()` },
            setWhere: sql`${scheduledRuns.lastSlot} <> ${slot}`,
          })
          .returning({ name: scheduledRuns.name });
        if (claimed.length > 0) await deps.runner.send(tx, pass, {});
      });
    },
  };
  return { pass, tick };
}
