import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createUserRequest,
  errorResponse,
  idParams,
  resendResponse,
  setActiveAtVersionRequest,
  updateUserRequest,
  userActiveResponse,
  userCompaniesResponse,
  userDetailResponse,
  userListQuery,
  userListResponse,
  userSavedResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { UsersService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Users (spec 1 §7). Who may call what is API_PERMISSIONS; which rows, the users policy (spec 1 §6). */
export async function userRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/users',
    {
      schema: {
        tags,
        security,
        summary: 'Users in the caller’s scope, paged (default email ascending)',
        querystring: userListQuery,
        response: { 200: userListResponse, ...errors },
      },
    },
    async (request) => ({ data: await users.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One user in the caller’s scope',
        params: idParams,
        response: { 200: userDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await users.get(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/users',
    {
      schema: {
        tags,
        security,
        summary: 'Create a user (type by the creation rules) and mail it a temporary password',
        body: createUserRequest,
        response: { 201: userSavedResponse, ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await users.create(currentUser(request), request.body, request.id)),
  );

  r.put(
    '/api/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Save the user form over a user in scope (legalId, isArchived and awsId are never taken)',
        params: idParams,
        body: updateUserRequest,
        response: { 200: userSavedResponse, ...errors, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => users.update(currentUser(request), request.params.id, request.body, request.id),
  );

  r.patch(
    '/api/users/:id/active',
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate a user in scope (never oneself), from the version the screen read',
        params: idParams,
        body: setActiveAtVersionRequest,
        response: { 200: userActiveResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => users.setActive(currentUser(request), request.params.id, request.body, request.id),
  );

  r.patch(
    '/api/users/:id/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the user’s password with a new temporary one and mail it',
        params: idParams,
        response: { 200: resendResponse, ...errors, 422: errorResponse, 503: errorResponse },
      },
    },
    async (request) => users.resend(currentUser(request), request.params.id, request.id),
  );

  r.get(
    '/api/users/:id/companies',
    {
      schema: {
        tags,
        security,
        summary: 'Companies assigned to oneself or to a user in scope',
        params: idParams,
        response: { 200: userCompaniesResponse, ...errors },
      },
    },
    async (request) => ({ data: await users.companiesOf(currentUser(request), request.params.id) }),
  );
}
