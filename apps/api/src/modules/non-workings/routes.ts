import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createNonWorkingDayRequest,
  errorResponse,
  idParams,
  nonWorkingDayDeletedResponse,
  nonWorkingDayListQuery,
  nonWorkingDayListResponse,
  nonWorkingDaySavedResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { NonWorkingsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Non-working days (spec 2 §7: GET, POST /non-workings; DELETE /non-workings/{id}). Who: API_PERMISSIONS. */
export async function nonWorkingRoutes(app: FastifyInstance, { nonWorkings }: { nonWorkings: NonWorkingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['non-workings'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/non-workings',
    {
      schema: {
        tags,
        security,
        summary: 'Non-working days, paged (default: newest date first)',
        querystring: nonWorkingDayListQuery,
        response: { 200: nonWorkingDayListResponse, ...errors },
      },
    },
    async (request) => ({ data: await nonWorkings.list(request.query) }),
  );

  r.post(
    '/api/non-workings',
    {
      schema: {
        tags,
        security,
        summary: 'Register a non-working day (a day already registered answers 409)',
        body: createNonWorkingDayRequest,
        response: { 201: nonWorkingDaySavedResponse, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await nonWorkings.create(currentUser(request), request.body, request.id)),
  );

  r.delete(
    '/api/non-workings/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a non-working day',
        params: idParams,
        response: { 200: nonWorkingDayDeletedResponse, ...errors },
      },
    },
    async (request) => nonWorkings.remove(currentUser(request), request.params.id, request.id),
  );
}
