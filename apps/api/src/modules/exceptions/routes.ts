import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createExceptionResponse,
  errorResponse,
  exceptionDetailResponse,
  exceptionListQuery,
  exceptionListResponse,
  idParams,
  updateExceptionResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { receiveFile } from '../../platform/uploads';
import { EXCEPTION_EVIDENCE_UPLOAD, type ExceptionsService } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: errorResponse,
};

/** Exceptions (spec 3 §7 "Exceptions"): the request, the scoped list and detail, and the review steps. */
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

  r.get(
    '/api/exceptions',
    {
      schema: {
        tags,
        security,
        summary:
          'The exceptions the caller reads, newest first (each type its statuses: 5 asks 0,2,3; 3 asks 0; 2 asks 1)',
        description:
          'Type 5: its own company’s; type 3: the accounts it operates; type 2: the accounts of its operators. ' +
          '`status` may repeat; statuses outside the caller’s type’s are never answered. Paged (`page`, `pageSize`, ' +
          '`sort` createdAt|folio|status|companyName, default createdAt:desc).',
        querystring: exceptionListQuery,
        response: { 200: exceptionListResponse, ...errors },
      },
    },
    async (request) => ({ data: await exceptions.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/exceptions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One exception in the caller’s scope, with its evidences (others: 404)',
        params: idParams,
        response: { 200: exceptionDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await exceptions.get(currentUser(request), request.params.id) }),
  );

  r.put(
    '/api/exceptions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The operator’s observations (status 1) or the administrator’s approval (2) or rejection (3)',
        description:
          'multipart/form-data (decision 040): `status`, `version` (as read), `commentOF` and `isApproved` ' +
          '(true|false) for 1, `commentAF` for 3, and an optional `evidence` (.jpg or .png up to 10 MiB, checked by ' +
          'its bytes; stored as type 5 for the operator, 6 for the administrator). operatorId and adminId are the ' +
          'session’s. 403 wrong type, 409 wrong status or stale version, 413/415 file refused; nothing is written then.',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: updateExceptionResponse, ...errors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const form = await receiveFile(request, EXCEPTION_EVIDENCE_UPLOAD);
      try {
        return await exceptions.update(actor, request.params.id, form, request.id);
      } finally {
        await form.discard();
      }
    },
  );
}
