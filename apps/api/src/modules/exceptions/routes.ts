import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createExceptionResponse, errorResponse } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { receiveFile } from '../../platform/uploads';
import { EXCEPTION_EVIDENCE_UPLOAD, type ExceptionsService } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: errorResponse,
};

/** Exceptions (spec 3 §7 "Exceptions"): the request only, for now. */
export async function exceptionRoutes(app: FastifyInstance, { exceptions }: { exceptions: ExceptionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exceptions'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/api/exceptions',
    {
      schema: {
        tags,
        security,
        summary: 'Request an exception (type 5): multipart form with comment, optional type and evidence file',
        description:
          'multipart/form-data: `comment` (required, 1–250), `type` (default 1), `evidence` (optional, one .jpg or ' +
          '.png up to 10 MiB, checked by its bytes). Account, company and registerBy come from the session. ' +
          'Honours Idempotency-Key. 413 too large, 415 wrong type.',
        consumes: ['multipart/form-data'],
        response: { 201: createExceptionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const form = await receiveFile(request, EXCEPTION_EVIDENCE_UPLOAD);
      try {
        return reply.code(201).send(await exceptions.request(actor, form, request.id));
      } finally {
        await form.discard();
      }
    },
  );
}
