import {
  MESSAGES,
  axCountInvalid,
  VALIDATION_CHECK,
  axCountIsValid,
  verdictIsValid,
  vinValidation,
  type VinValidationResponse,
} from '@planpiso/domain';
import type { Adapters } from '../../adapters';
import { ExternalServiceError } from '../../adapters/errors';
import type { Executor } from '../../db/client';
import { recordValidations } from './repository';

type Outcome<T> = PromiseSettledResult<T>;

/** Why a check could not answer, in the words the screen shows (the system's own detail when it failed). */
function failureReason(outcome: PromiseRejectedResult): string {
  const error: unknown = outcome.reason;
  return error instanceof ExternalServiceError ? `${MESSAGES.externalApiError}: ${error.detail}` : MESSAGES.externalApiError;
}

const verdictReason = (outcome: Outcome<{ valid: boolean; reason: string }>) =>
  outcome.status === 'fulfilled' ? outcome.value.reason : failureReason(outcome);

/**
 * REPUVE, TransUnion and AX for one VIN, each on its own (spec 3 §5: a failing check silently marks its flag
 * false), and one history row per check. The one place both the screens (POST /api/external/vin-validations)
 * and the periodic validation jobs validate a VIN.
 */
export async function validateVin(
  { adapters, db }: { adapters: Pick<Adapters, 'vehicles' | 'ax'>; db: Executor },
  vin: string,
  { requestedBy, unitId }: { requestedBy: number | null; unitId?: number | null },
): Promise<VinValidationResponse['data']> {
  const [repuve, transUnion, ax] = await Promise.allSettled([
    adapters.vehicles.repuve(vin),
    adapters.vehicles.transUnion(vin),
    adapters.ax.count(vin),
  ]);
  const flags = vinValidation({ repuve, transUnion, ax });
  const axValid = axCountIsValid(ax);
  const result = {
    vin,
    ...flags,
    repuve: { valid: verdictIsValid(repuve), reason: verdictReason(repuve) },
    transUnion: { valid: verdictIsValid(transUnion), reason: verdictReason(transUnion) },
    ax: {
      valid: axValid,
      conteo: ax.status === 'fulfilled' ? ax.value : null,
      reason:
        ax.status === 'rejected' ? failureReason(ax) : axValid ? '' : axCountInvalid(ax.value),
    },
  };
  await recordValidations(
    db,
    [
      { vin, check: VALIDATION_CHECK.REPUVE, valid: result.repuve.valid, reason: result.repuve.reason },
      { vin, check: VALIDATION_CHECK.TRANSUNION, valid: result.transUnion.valid, reason: result.transUnion.reason },
      { vin, check: VALIDATION_CHECK.AX, valid: result.ax.valid, reason: result.ax.reason },
    ],
    requestedBy,
    unitId ?? null,
  );
  return result;
}
