import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  APP_ERROR_MESSAGE,
  AppErrorCode,
  MESSAGES,
  appErrorStatus,
  hasFixedMessage,
  isAppErrorCode,
  type CaseMessageCode,
  type ErrorResponse,
  type FixedMessageCode,
} from '@planpiso/domain';
import { isBadValueError, isDatabaseUnavailable } from './pg-errors';
import { referenceConflict, uniqueNameConflict } from './unique-conflicts';

/** What a throw adds to its code: the case's text (for a code without a fixed one) and machine-readable detail. */
export type AppErrorDetail = { message?: string; reason?: string };

/**
 * A failure the caller should see: a stable `code` from the catalogue (packages/domain errors.ts, decision 073), the
 * HTTP status the catalogue gives that code and the Spanish text the screen shows (ARCHITECTURE §4). A code with a
 * fixed text takes it from the catalogue (`new AppError(AppErrorCode.STALE_VERSION)`); any other is given the
 * case's text (`new AppError(AppErrorCode.VALIDATION_ERROR, { message })`). `reason` carries machine-readable
 * detail (e.g. TEMPORARY_PASSWORD_EXPIRED).
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly statusCode: number;
  readonly reason?: string;

  constructor(code: FixedMessageCode, detail?: { reason?: string });
  constructor(code: CaseMessageCode, detail: { message: string; reason?: string });
  constructor(code: AppErrorCode, detail?: AppErrorDetail) {
    super(detail?.message ?? (hasFixedMessage(code) ? APP_ERROR_MESSAGE[code] : MESSAGES.internalError));
    this.code = code;
    this.statusCode = appErrorStatus(code);
    this.reason = detail?.reason;
    this.name = 'AppError';
  }

  toResponse(): ErrorResponse {
    return {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.reason ? { reason: this.reason } : {}),
    };
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError(AppErrorCode.NOT_FOUND, { message });
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(AppErrorCode.FORBIDDEN, { message });
export const unauthorized = (message: string = MESSAGES.sessionInvalid) =>
  new AppError(AppErrorCode.Unauthorized, { message });
export const badRequest = (message: string = MESSAGES.badRequest) =>
  new AppError(AppErrorCode.BAD_REQUEST, { message });

/**
 * A domain verdict's refusal (a machine's, the operating window's) as an error: its code names the catalogue entry,
 * which gives the status; the verdict's text is the case's (for a code with a fixed text the two are the same).
 */
export function refusalError(refusal: { code: string; message: string }): AppError {
  const { code, message } = refusal;
  if (!isAppErrorCode(code)) throw new Error(`refusal code ${code} is not in the error catalogue`);
  return hasFixedMessage(code) ? new AppError(code) : new AppError(code, { message });
}

/** The answer for a code the handler sends without a throw: the catalogue's status and text. */
const answer = (code: FixedMessageCode): ErrorResponse => ({
  statusCode: appErrorStatus(code),
  code,
  message: APP_ERROR_MESSAGE[code],
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Maps a body field to the error code its validation failure answers with, where a flow has its own code
     * (a weak new password is `InvalidPasswordException`, as the hosted pool answered, not a generic 400).
     */
    validationCodes?: Record<string, AppErrorCode>;
  }
}

type ValidationItem = { instancePath: string; message?: string };

function validationResponse(request: FastifyRequest, items: ValidationItem[]): ErrorResponse {
  const fields: Record<string, string> = {};
  for (const item of items) {
    const field = item.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (field && !(field in fields)) fields[field] = item.message ?? MESSAGES.badRequest;
  }
  const first = items[0];
  const firstField = first?.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  const code = request.routeOptions.config?.validationCodes?.[firstField] ?? AppErrorCode.BAD_REQUEST;
  return {
    statusCode: appErrorStatus(code),
    code,
    message: first?.message ?? MESSAGES.badRequest,
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

const CLIENT_ERROR_CODES: Record<number, AppErrorCode> = {
  404: AppErrorCode.NOT_FOUND,
  413: AppErrorCode.PAYLOAD_TOO_LARGE,
  415: AppErrorCode.UNSUPPORTED_MEDIA_TYPE,
};

/** One error handler for the whole API: typed errors pass through; nothing internal ever leaks. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.statusCode).send(error.toResponse());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationResponse(request, error.validation));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send(answer(AppErrorCode.TOO_MANY_REQUESTS));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large): keep the status,
      // but answer in Spanish and without Fastify's internals.
      const code = CLIENT_ERROR_CODES[status] ?? AppErrorCode.BAD_REQUEST;
      const message = status === 404 ? MESSAGES.notFound : MESSAGES.badRequest;
      return reply.status(status).send({ statusCode: status, code, message } satisfies ErrorResponse);
    }
    // A unique index or a reference refused what a check let through (a race): 409 in Spanish (decision 067).
    const conflict = uniqueNameConflict(error, request.routeOptions.config?.uniqueConflicts);
    if (conflict) return reply.status(409).send(conflict);
    const reference = referenceConflict(error);
    if (reference) {
      request.log.warn({ err: error }, 'a reference changed between the check and the write');
      return reply.status(409).send(reference);
    }
    if (isBadValueError(error)) {
      // Last resort: the contract should have refused this value (issue 14 item 7); log it so it gets fixed there.
      request.log.warn({ err: error }, 'a value the contract let through was refused by PostgreSQL');
      return reply.status(400).send(badRequest().toResponse());
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL is restarting or no connection came free in time (issue 27 items 12, 13): retry later.
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply.status(503).send(answer(AppErrorCode.SERVICE_UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(answer(AppErrorCode.INTERNAL_ERROR));
  });
}

/** The 404 body for an unknown /api path (the SPA fallback handles the rest, see app.ts). */
export const notFoundBody = (): ErrorResponse => notFound().toResponse();
