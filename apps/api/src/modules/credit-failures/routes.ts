import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  archiveCreditFailureRequest,
  creditFailureActionResponse,
  creditFailureListQuery,
  creditFailureListResponse,
  errorResponse,
  idParams,
  insertCreditFailureRequest,
  retryCreditFailureRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { CreditFailuresService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Créditos con fallos (spec 2 §7 "Credit failures"); who may call them is API_PERMISSIONS. */
export async function creditFailureRoutes(app: FastifyInstance, { failures }: { failures: CreditFailuresService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['credit-failures'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/credits-failures',
    {
      schema: {
        tags,
        security,
        summary: 'Units the CRM did not take, newest attempt first; filter by folio and the day of the last attempt',
        querystring: creditFailureListQuery,
        response: { 200: creditFailureListResponse, ...errors },
      },
    },
    async (request) => ({ data: await failures.list(request.query) }),
  );

  r.patch(
    '/api/credits-failures/:id/archive',
    {
      schema: {
        tags,
        security,
        summary: 'Remover: takes the attempt out of the queue of attempts',
        params: idParams,
        body: archiveCreditFailureRequest,
        response: { 200: creditFailureActionResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => failures.archive(currentUser(request), request.params.id, request.body.version, request.id),
  );

  r.patch(
    '/api/credits-failures/:id/retryInsertion',
    {
      schema: {
        tags,
        security,
        summary: 'Reintentar: the unit goes into the next insertion cycle',
        params: idParams,
        body: retryCreditFailureRequest,
        response: { 200: creditFailureActionResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => failures.retry(currentUser(request), request.params.id, request.body.version, request.id),
  );

  r.post(
    '/api/credits-failures/:id/insertUnit',
    {
      schema: {
        tags,
        security,
        summary: 'Insertar: inserts the unit into the CRM now',
        params: idParams,
        body: insertCreditFailureRequest,
        response: {
          200: creditFailureActionResponse,
          ...errors,
          409: errorResponse,
          422: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request) => failures.insertNow(currentUser(request), request.params.id, request.body.version),
  );
}
