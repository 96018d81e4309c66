import {
  MESSAGES,
  VALIDATION_CHECK,
  axCountInvalid,
  axCountIsValid,
  verdictIsValid,
  type ValidationCheck,
  type VinValidationResponse,
} from '@planpiso/domain';
import type { Adapters } from '../../adapters';
import { ExternalServiceError } from '../../adapters/errors';
import type { Executor } from '../../db/client';
import { recordValidations } from './repository';

export type CheckResult = { valid: boolean; reason: string; conteo?: number | null };
type CheckAdapters = Pick<Adapters, 'vehicles' | 'ax'>;

/** Why a check could not answer, in the words the screen shows (the system's own detail when it failed). */
function failureReason(error: unknown): string {
  return error instanceof ExternalServiceError
    ? `${MESSAGES.externalApiError}: ${error.detail}`
    : MESSAGES.externalApiError;
}

/**
 * The verdict of one check of one VIN, only when the system answered: REPUVE and TransUnion read the verdict's valid
 * flag, AX is valid when its count is 1. A system that cannot be reached (ExternalServiceError: timeout, network,
 * 5xx, open breaker) throws — for the provision validation job, an outage is no verdict and is tried again
 * (decision 035).
 */
export async function askCheck(adapters: CheckAdapters, check: ValidationCheck, vin: string): Promise<CheckResult> {
  if (check === VALIDATION_CHECK.AX) {
    const count = await adapters.ax.count(vin);
    const valid = axCountIsValid({ status: 'fulfilled', value: count });
    return { valid, reason: valid ? '' : axCountInvalid(count), conteo: count };
  }
  const verdict =
    check === VALIDATION_CHECK.REPUVE ? await adapters.vehicles.repuve(vin) : await adapters.vehicles.transUnion(vin);
  return { valid: verdictIsValid({ status: 'fulfilled', value: verdict }), reason: verdict.reason };
}

/**
 * One check of one VIN (spec 3 §5): askCheck's verdict, and a check that fails or cannot be reached is simply not
 * valid — never an error for the caller.
 */
export async function runCheck(adapters: CheckAdapters, check: ValidationCheck, vin: string): Promise<CheckResult> {
  try {
    return await askCheck(adapters, check, vin);
  } catch (error) {
    const reason = failureReason(error);
    return check === VALIDATION_CHECK.AX ? { valid: false, reason, conteo: null } : { valid: false, reason };
  }
}

/**
 * REPUVE, TransUnion and AX for one VIN at once, each on its own (one system down never spoils the others), and
 * one history row per check (GET /reports/historical-validations).
 */
export async function validateVin(
  { adapters, db }: { adapters: CheckAdapters; db: Executor },
  vin: string,
  { requestedBy, unitId }: { requestedBy: number | null; unitId?: number | null },
): Promise<VinValidationResponse['data']> {
  const [repuve, transUnion, ax] = await Promise.all([
    runCheck(adapters, VALIDATION_CHECK.REPUVE, vin),
    runCheck(adapters, VALIDATION_CHECK.TRANSUNION, vin),
    runCheck(adapters, VALIDATION_CHECK.AX, vin),
  ]);
  await recordValidations(
    db,
    [
      { vin, check: VALIDATION_CHECK.REPUVE, valid: repuve.valid, reason: repuve.reason },
      { vin, check: VALIDATION_CHECK.TRANSUNION, valid: transUnion.valid, reason: transUnion.reason },
      { vin, check: VALIDATION_CHECK.AX, valid: ax.valid, reason: ax.reason },
    ],
    requestedBy,
    unitId ?? null,
  );
  return {
    vin,
    validRepuve: repuve.valid,
    validTransunion: transUnion.valid,
    validAx: ax.valid,
    repuve: { valid: repuve.valid, reason: repuve.reason },
    transUnion: { valid: transUnion.valid, reason: transUnion.reason },
    ax: { valid: ax.valid, reason: ax.reason, conteo: ax.conteo ?? null },
  };
}
