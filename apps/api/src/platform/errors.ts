import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ErrorResponse } from '@planpiso/domain';
import { isBadValueError, isDatabaseUnavailable } from './pg-errors';
import { referenceConflict, uniqueNameConflict } from './unique-conflicts';

/**
 * A failure the caller should see: a stable `code`, the HTTP status and the Spanish text the screen shows
 * (ARCHITECTURE §4). `reason` carries machine-readable detail (e.g. TEMPORARY_PASSWORD_EXPIRED).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
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

export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', 404, message);
export const forbidden = () => new AppError('FORBIDDEN', 403, MESSAGES.forbidden);
export const unauthorized = (message: string = MESSAGES.sessionInvalid) => new AppError('Unauthorized', 401, message);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Maps a body field to the error code its validation failure answers with, where a flow has its own code
     * (a weak new password is `InvalidPasswordException`, as the hosted pool answered, not a generic 400).
     */
    validationCodes?: Record<string, string>;
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
  const code = request.routeOptions.config?.validationCodes?.[firstField] ?? 'BAD_REQUEST';
  return {
    statusCode: 400,
    code,
    message: first?.message ?? MESSAGES.badRequest,
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

const CLIENT_ERROR_CODES: Record<number, string> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
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
      return reply.status(429).send({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message: MESSAGES.tooManyRequests,
      } satisfies ErrorResponse);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type, body too large): keep the status,
      // but answer in Spanish and without Fastify's internals.
      const code = CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST';
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
      return reply
        .status(400)
        .send({ statusCode: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest } satisfies ErrorResponse);
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL is restarting or no connection came free in time (issue 27 items 12, 13): retry later.
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply.status(503).send({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: MESSAGES.serviceUnavailable,
      } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ statusCode: 500, code: 'INTERNAL_ERROR', message: MESSAGES.internalError } satisfies ErrorResponse);
  });
}

/** The 404 body for an unknown /api path (the SPA fallback handles the rest, see app.ts). */
export const notFoundBody = (): ErrorResponse => ({ statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.notFound });
