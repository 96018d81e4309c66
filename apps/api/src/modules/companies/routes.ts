import type { FastifyInstance } from 'fastify';
import { COMPANY_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import type { CompaniesService } from './service';

/** Companies (spec 2 §7 "Companies"), declared in packages/domain/src/operations/companies.ts. */
export async function companyRoutes(app: FastifyInstance, { companies }: { companies: CompaniesService }) {
  operationRoute(app, op.listCompanies, async ({ query }, request) => ({
    data: await companies.list(currentUser(request), query),
  }));
  operationRoute(app, op.listCompanyAgencies, readRow(companies.agencies));
  operationRoute(app, op.listCompanyUsersAgencies, readRow(companies.usersAgencies));
  operationRoute(app, op.getCompanyLastException, readRow(companies.lastException));
  operationRoute(app, op.listCompanyUsers, async ({ params, query }, request) => ({
    data: await companies.users(currentUser(request), params.id, query),
  }));
  operationRoute(app, op.assignCompanyUser, ({ params, body }, request) =>
    companies.assign(currentUser(request), params.id, body.userId, body.roleId, request.id),
  );
  operationRoute(app, op.removeCompanyUser, ({ params, body }, request) =>
    companies.remove(currentUser(request), params.id, body.userId, request.id),
  );
}
