import { AppErrorCode, type ErrorResponse, MESSAGES } from '@planpiso/domain';
import { AppError } from '../platform/errors';

// The two ways an external call ends badly for the caller (decision 009). Services and jobs catch these by class;
// the error handler answers them like any AppError.

export type ExternalSystem = 'crm' | 'vehicles' | 'ax' | 'esign';

/** Why a call failed; 'rejected' is a 4xx nobody expected (our token refused, a request the system calls bad). */
export type FailureKind = 'timeout' | 'network' | 'server' | 'invalid-answer' | 'circuit-open' | 'rejected';

const FAILURE_TEXT: Record<FailureKind, string> = {
  timeout: MESSAGES.externalTimeout,
  network: MESSAGES.externalUnreachable,
  server: MESSAGES.externalServerError,
  'invalid-answer': MESSAGES.externalInvalidAnswer,
  'circuit-open': MESSAGES.externalCircuitOpen,
  rejected: MESSAGES.externalRejected,
};

/** The Spanish words for a failure that brought no server data with it. */
export const failureText = (kind: FailureKind) => FAILURE_TEXT[kind];

/**
 * An external system failed or could not be reached: 503 EXTERNAL_API_ERROR with 'Ocurrió un error API externa'
 * (decision 009). `detail` is what the screen shows next to it — the operation, its key and the server's data,
 * e.g. 'ConfiguracionClientesDispLinea 10001: HTTP 500 {...}' (spec 2 §8, spec 3 §8) — and `reason` names the
 * system. Neither ever carries a token.
 */
export class ExternalServiceError extends AppError {
  constructor(
    readonly system: ExternalSystem,
    readonly operation: string,
    readonly kind: FailureKind,
    readonly detail: string,
    readonly upstreamStatus?: number,
  ) {
    super(AppErrorCode.EXTERNAL_API_ERROR, { reason: system });
    this.name = 'ExternalServiceError';
  }

  override toResponse(): ErrorResponse {
    return { ...super.toResponse(), detail: this.detail };
  }
}

/**
 * The system is down or cannot be reached — no answer (refused, reset, timed out), the breaker open, or a gateway's
 * 502–504 — rather than an answer about the request. Work queued for it waits and is tried again (decision 072);
 * a 500 or an unexpected answer is the request's own failure.
 */
export function isOutage(error: unknown): error is ExternalServiceError {
  if (!(error instanceof ExternalServiceError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'circuit-open') return true;
  return error.kind === 'server' && [502, 503, 504].includes(error.upstreamStatus ?? 0);
}

/**
 * The CRM refused to insert a unit (422 from InsertarUnidad): a business answer, not an outage — never retried,
 * never counted by the breaker. `crmMessage` is the CRM's own words, which the credit-failures screen shows.
 */
export class CrmRejectedError extends AppError {
  constructor(
    readonly vin: string,
    readonly crmMessage: string,
  ) {
    super(AppErrorCode.CRM_REJECTED, { reason: 'crm' });
    this.name = 'CrmRejectedError';
  }

  override toResponse(): ErrorResponse {
    return { ...super.toResponse(), detail: `InsertarUnidad ${this.vin}: ${this.crmMessage}` };
  }
}
