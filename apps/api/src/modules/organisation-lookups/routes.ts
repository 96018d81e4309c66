import type { FastifyInstance } from 'fastify';
import { ACCOUNT_OPERATIONS, AGENCY_OPERATIONS } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { OrganisationLookups } from './service';

/**
 * GET /accounts, GET /accounts/{id}/companies and GET /agencies (spec 2 §7) as read-only look-ups for the user
 * form and the users filters, declared in packages/domain/src/operations/accounts.ts and agencies.ts.
 */
export async function organisationLookupRoutes(app: FastifyInstance, { lookups }: { lookups: OrganisationLookups }) {
  operationRoute(app, ACCOUNT_OPERATIONS.listAccounts, async ({ query }, request) => ({
    data: await lookups.accounts(currentUser(request), query),
  }));
  operationRoute(app, ACCOUNT_OPERATIONS.listAccountCompanies, async ({ params, query }, request) => ({
    data: await lookups.companiesOfAccount(currentUser(request), params.id, query),
  }));
  operationRoute(app, AGENCY_OPERATIONS.listAgencies, async ({ query }, request) => ({
    data: await lookups.agencies(currentUser(request), query),
  }));
}
