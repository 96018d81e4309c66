import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  lastExceptionResponse,
  companyAgenciesResponse,
  companyUsersAgenciesResponse,
  assignCompanyUserRequest,
  companyListQuery,
  companyListResponse,
  companyUserChangedResponse,
  companyUsersResponse,
  errorResponse,
  idParams,
  pageQuery,
  removeCompanyUserRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { CompaniesService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Companies (spec 2 §7 "Companies"). */
export async function companyRoutes(app: FastifyInstance, { companies }: { companies: CompaniesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['companies'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/companies',
    {
      schema: {
        tags,
        security,
        summary: 'Companies of the accounts in the caller’s scope (the read-only Compañías list)',
        querystring: companyListQuery,
        response: { 200: companyListResponse, ...errors },
      },
    },
    async (request) => ({ data: await companies.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/companies/:id/agencies',
    {
      schema: {
        tags,
        security,
        summary: 'The branches of a company, active ones first, by name',
        params: idParams,
        response: { 200: companyAgenciesResponse, ...errors },
      },
    },
    async (request) => ({ data: await companies.agencies(currentUser(request), request.params.id) }),
  );

  r.get(
    '/api/companies/:id/users-agencies',
    {
      schema: {
        tags,
        security,
        summary: 'The users of a company, each with the branches of the company it is assigned to',
        params: idParams,
        response: { 200: companyUsersAgenciesResponse, ...errors },
      },
    },
    async (request) => ({ data: await companies.usersAgencies(currentUser(request), request.params.id) }),
  );

  r.get(
    '/api/companies/:id/last-exception',
    {
      schema: {
        tags,
        security,
        summary: 'The latest exception request of a company (null if none): the provisions eligibility check reads it',
        params: idParams,
        response: { 200: lastExceptionResponse, ...errors },
      },
    },
    async (request) => ({ data: await companies.lastException(currentUser(request), request.params.id) }),
  );

  r.get(
    '/api/companies/:id/users',
    {
      schema: {
        tags,
        security,
        summary: 'The users assigned to a company, by e-mail',
        params: idParams,
        querystring: pageQuery,
        response: { 200: companyUsersResponse, ...errors },
      },
    },
    async (request) => ({ data: await companies.users(currentUser(request), request.params.id, request.query) }),
  );

  r.post(
    '/api/companies/:id/users',
    {
      schema: {
        tags,
        security,
        summary: 'Assign a user the caller registered, with a role of type 4 or 5',
        params: idParams,
        body: assignCompanyUserRequest,
        response: { 200: companyUserChangedResponse, ...errors, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) =>
      companies.assign(currentUser(request), request.params.id, request.body.userId, request.body.roleId, request.id),
  );

  r.patch(
    '/api/companies/:id/users',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a user from a company (not a default assignment)',
        params: idParams,
        body: removeCompanyUserRequest,
        response: { 200: companyUserChangedResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => companies.remove(currentUser(request), request.params.id, request.body.userId, request.id),
  );
}
