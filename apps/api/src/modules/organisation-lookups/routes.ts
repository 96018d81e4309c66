import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_OPERATIONS as op, agencyLookupQuery, agencyLookupResponse, errorResponse } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { OrganisationLookups } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * GET /accounts, GET /accounts/{id}/companies and GET /agencies (spec 2 §7) as read-only look-ups for the user
 * form and the users filters. The organisation issue adds the rest of those areas next to them.
 */
export async function organisationLookupRoutes(app: FastifyInstance, { lookups }: { lookups: OrganisationLookups }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['organisation'];
  const security = [{ bearerAuth: [] }];

  operationRoute(app, op.listAccounts, async ({ query }, request) => ({
    data: await lookups.accounts(currentUser(request), query),
  }));
  operationRoute(app, op.listAccountCompanies, async ({ params, query }, request) => ({
    data: await lookups.companiesOfAccount(currentUser(request), params.id, query),
  }));

  r.get(
    '/api/agencies',
    {
      schema: {
        tags,
        security,
        summary: 'Branches in the caller’s scope (type 4: its account and active company), paged or all=true',
        querystring: agencyLookupQuery,
        response: { 200: agencyLookupResponse, ...errors },
      },
    },
    async (request) => ({ data: await lookups.agencies(currentUser(request), request.query) }),
  );
}
