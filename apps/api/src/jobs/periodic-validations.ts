import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PROVISION_STATUS,
  VALIDATED_PROVISION_STATUSES,
  VALIDATION_CHECK,
  VALIDATION_CHECK_LABELS,
  dueValidationSlot,
  type ValidationCheck,
} from '@planpiso/domain';
import type { Adapters } from '../adapters';
import type { Db } from '../db/client';
import { provisionUnits, provisions } from '../db/schema/financing';
import { provisionSettings } from '../db/schema/provision-settings';
import { scheduledRuns } from '../db/schema/scheduled-runs';
import { recordValidations } from '../modules/external';
import { runCheck } from '../modules/external';
import type { Clock } from '../platform/clock';
import { transaction } from '../platform/transaction';
import type { JobDefinition, JobRunner } from './runner';

const CHECKS: ValidationCheck[] = [VALIDATION_CHECK.REPUVE, VALIDATION_CHECK.TRANSUNION, VALIDATION_CHECK.AX];

const checkSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The flag each check keeps on the unit (spec 3 §3 Unit.validation). */
const FLAG = {
  [VALIDATION_CHECK.REPUVE]: 'validRepuve',
  [VALIDATION_CHECK.TRANSUNION]: 'validTransunion',
  [VALIDATION_CHECK.AX]: 'validAx',
} as const satisfies Record<ValidationCheck, keyof typeof provisionUnits.$inferSelect>;

/** The configured interval of each check (the provisions configuration, one row). */
async function intervals(db: Db): Promise<Record<ValidationCheck, { days: number; time: string }> | null> {
  const [settings] = await db.select().from(provisionSettings).limit(1);
  if (!settings) return null;
  return {
    [VALIDATION_CHECK.REPUVE]: { days: settings.repuveDays, time: settings.repuveTime },
    [VALIDATION_CHECK.TRANSUNION]: { days: settings.transunionDays, time: settings.transunionTime },
    [VALIDATION_CHECK.AX]: { days: settings.axDays, time: settings.axTime },
  };
}

/**
 * The periodic REPUVE, TransUnion and AX validations (spec 2 "Configuración de validaciones periódicas"). A tick
 * every minute reads the configuration — so a saved change takes effect at once, no restart — and, for each check
 * whose slot is due (dueValidationSlot) and not yet run, records the slot and sends that check's job in one
 * transaction: several API copies ticking at the same minute still run each slot once.
 */
export function periodicValidationJobs(deps: {
  db: Db;
  adapters: Pick<Adapters, 'vehicles' | 'ax'>;
  clock: Clock;
  runner: JobRunner;
}) {
  const { db, adapters, clock, runner } = deps;

  const validate: JobDefinition<{ check: ValidationCheck }> = {
    name: 'periodic-validation',
    payload: z.object({ check: checkSchema }),
    retryLimit: 2,
    /** Checks every unit of the provisions under validation; a unit's flag and history change together. */
    async handle({ check }) {
      const units = await db
        .select({ id: provisionUnits.id, vin: provisionUnits.vinNumber })
        .from(provisionUnits)
        .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
        .where(
          and(
            // Status 2's verdicts are the validation round's (jobs/provision-validation.ts), which retries an outage
            // instead of recording it: this job re-checks only what the lender is already validating (status 3).
            inArray(
              provisions.status,
              VALIDATED_PROVISION_STATUSES.filter((status) => status !== PROVISION_STATUS.SENT_TO_VALIDATE),
            ),
            eq(provisions.isArchived, false),
            eq(provisionUnits.included, true),
          ),
        )
        .orderBy(provisionUnits.id);
      for (const unit of units) {
        const result = await runCheck(adapters, check, unit.vin);
        await transaction(db, async (tx) => {
          await tx
            .update(provisionUnits)
            .set({ [FLAG[check]]: result.valid })
            .where(eq(provisionUnits.id, unit.id));
          await recordValidations(
            tx,
            [{ vin: unit.vin, check, valid: result.valid, reason: result.reason }],
            null,
            unit.id,
          );
        });
      }
    },
  };

  const tick: JobDefinition<Record<string, never>> = {
    name: 'periodic-validation-tick',
    payload: z.object({}).strict(),
    cron: '* * * * *',
    retryLimit: 0,
    async handle() {
      const configured = await intervals(db);
      if (!configured) return;
      const now = clock.now();
      for (const check of CHECKS) {
        const slot = dueValidationSlot({ now, ...configured[check] });
        if (!slot) continue;
        await transaction(db, async (tx) => {
          const name = `validation:${VALIDATION_CHECK_LABELS[check]}`;
          const claimed = await tx
            .insert(scheduledRuns)
            .values({ name, lastSlot: slot })
            .onConflictDoUpdate({
              target: scheduledRuns.name,
              set: { lastSlot: slot, ranAt: sql`now()` },
              setWhere: sql`${scheduledRuns.lastSlot} <> ${slot}`,
            })
            .returning({ name: scheduledRuns.name });
          if (claimed.length > 0) await runner.send(tx, validate, { check });
        });
      }
    },
  };

  return { validate, tick };
}
