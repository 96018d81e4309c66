import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createServiceDeskEmailRequest,
  errorResponse,
  idParams,
  serviceDeskEmailDeletedResponse,
  serviceDeskEmailDetailResponse,
  serviceDeskEmailListQuery,
  serviceDeskEmailListResponse,
  serviceDeskEmailSavedResponse,
  updateServiceDeskEmailRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { ServiceDeskEmailsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Service-desk e-mails (spec 2 §7: /emails-service-desk). Who: API_PERMISSIONS. */
export async function serviceDeskEmailRoutes(
  app: FastifyInstance,
  { serviceDeskEmails }: { serviceDeskEmails: ServiceDeskEmailsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['emails-service-desk'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/emails-service-desk',
    {
      schema: {
        tags,
        security,
        summary: 'Service-desk e-mails, filtered by part of the address, paged (default: e-mail ascending)',
        querystring: serviceDeskEmailListQuery,
        response: { 200: serviceDeskEmailListResponse, ...errors },
      },
    },
    async (request) => ({ data: await serviceDeskEmails.list(request.query) }),
  );

  r.get(
    '/api/emails-service-desk/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One service-desk e-mail',
        params: idParams,
        response: { 200: serviceDeskEmailDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await serviceDeskEmails.get(request.params.id) }),
  );

  r.post(
    '/api/emails-service-desk',
    {
      schema: {
        tags,
        security,
        summary: 'Add an address (stored lower-case; one already listed answers 409)',
        body: createServiceDeskEmailRequest,
        response: { 201: serviceDeskEmailSavedResponse, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await serviceDeskEmails.create(currentUser(request), request.body, request.id)),
  );

  r.put(
    '/api/emails-service-desk/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change an address (one already listed answers 409)',
        params: idParams,
        body: updateServiceDeskEmailRequest,
        response: { 200: serviceDeskEmailSavedResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => serviceDeskEmails.update(currentUser(request), request.params.id, request.body, request.id),
  );

  r.delete(
    '/api/emails-service-desk/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an address',
        params: idParams,
        response: { 200: serviceDeskEmailDeletedResponse, ...errors },
      },
    },
    async (request) => serviceDeskEmails.remove(currentUser(request), request.params.id, request.id),
  );
}
