import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createRoleRequest,
  errorResponse,
  idParams,
  roleActiveResponse,
  roleDetailResponse,
  roleListQuery,
  roleListResponse,
  roleSavedResponse,
  setActiveAtVersionRequest,
  updateRoleRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { RolesService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Roles (spec 1 §7). Who may call what is API_PERMISSIONS; which rows, the roles policy. */
export async function roleRoutes(app: FastifyInstance, { roles }: { roles: RolesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/roles',
    {
      schema: {
        tags,
        security,
        summary: 'Roles in the caller’s scope (types 2–4: the ones they registered), paged',
        querystring: roleListQuery,
        response: { 200: roleListResponse, ...errors },
      },
    },
    async (request) => ({ data: await roles.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/roles/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One role in the caller’s scope',
        params: idParams,
        response: { 200: roleDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await roles.get(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/roles',
    {
      schema: {
        tags,
        security,
        summary: 'Create a role of a type the caller may offer',
        body: createRoleRequest,
        response: { 201: roleSavedResponse, ...errors, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await roles.create(currentUser(request), request.body, request.id)),
  );

  r.put(
    '/api/roles/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a role’s name and description (its type never changes)',
        params: idParams,
        body: updateRoleRequest,
        response: { 200: roleSavedResponse, ...errors, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => roles.update(currentUser(request), request.params.id, request.body, request.id),
  );

  r.patch(
    '/api/roles/:id/active',
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate a role',
        params: idParams,
        body: setActiveAtVersionRequest,
        response: { 200: roleActiveResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => roles.setActive(currentUser(request), request.params.id, request.body, request.id),
  );
}
