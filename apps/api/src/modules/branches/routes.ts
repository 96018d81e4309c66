import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  branchActiveResponse,
  branchDetailResponse,
  branchSavedResponse,
  branchUserRequest,
  branchUserResponse,
  branchUsersQuery,
  branchUsersResponse,
  createBranchRequest,
  errorResponse,
  idParams,
  setActiveRequest,
  updateBranchRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { BranchesService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Branches (spec 2 §7 "Branches": /agencies); the list is the organisation look-up's GET /api/agencies. */
export async function branchRoutes(app: FastifyInstance, { branches }: { branches: BranchesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['branches'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/agencies/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One branch in the caller’s scope',
        params: idParams,
        response: { 200: branchDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await branches.get(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/agencies',
    {
      schema: {
        tags,
        security,
        summary: 'Create a branch of a company of an account in the caller’s scope',
        body: createBranchRequest,
        response: { 201: branchSavedResponse, ...errors, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await branches.create(currentUser(request), request.body, request.id)),
  );

  r.put(
    '/api/agencies/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a branch',
        params: idParams,
        body: updateBranchRequest,
        response: { 200: branchSavedResponse, ...errors, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => branches.update(currentUser(request), request.params.id, request.body, request.id),
  );

  r.patch(
    '/api/agencies/:id/active',
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate a branch; answers the value it now has',
        params: idParams,
        body: setActiveRequest,
        response: { 200: branchActiveResponse, ...errors },
      },
    },
    async (request) => branches.setActive(currentUser(request), request.params.id, request.body.active, request.id),
  );

  r.get(
    '/api/agencies/:id/users',
    {
      schema: {
        tags,
        security,
        summary: 'The users assigned to a branch, by e-mail',
        params: idParams,
        querystring: branchUsersQuery,
        response: { 200: branchUsersResponse, ...errors },
      },
    },
    async (request) => ({ data: await branches.users(currentUser(request), request.params.id, request.query) }),
  );

  r.post(
    '/api/agencies/:id/users',
    {
      schema: {
        tags,
        security,
        summary: 'Assign a dealer user of the branch’s account to it',
        params: idParams,
        body: branchUserRequest,
        response: { 200: branchUserResponse, ...errors, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => branches.assign(currentUser(request), request.params.id, request.body.userId, request.id),
  );

  r.patch(
    '/api/agencies/:id/users',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a user from a branch (spec 2 §7: remove by user id)',
        params: idParams,
        body: branchUserRequest,
        response: { 200: branchUserResponse, ...errors },
      },
    },
    async (request) => branches.unassign(currentUser(request), request.params.id, request.body.userId, request.id),
  );
}
