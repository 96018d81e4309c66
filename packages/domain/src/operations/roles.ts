import {
  createRoleRequest,
  roleActiveResponse,
  roleDetailResponse,
  roleListQuery,
  roleListResponse,
  roleSavedResponse,
  updateRoleRequest,
} from '../contracts/roles';
import { setActiveAtVersionRequest } from '../contracts/users';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['roles'];
/** Those who manage roles (spec 1 §7); which roles, the roles policy (types 2–4: the ones they registered). */
const managers = [1, 2, 3, 4] as const;

/** Roles (spec 1 §7). */
export const ROLE_OPERATIONS = {
  listRoles: defineOperation({
    method: 'GET',
    path: '/api/roles',
    tags,
    who: managers,
    summary: 'Roles in the caller’s scope (types 2–4: the ones they registered), paged',
    query: roleListQuery,
    response: roleListResponse,
  }),
  getRole: defineOperation({
    method: 'GET',
    path: '/api/roles/:id',
    tags,
    who: managers,
    summary: 'One role in the caller’s scope',
    params: idParams,
    response: roleDetailResponse,
  }),
  createRole: defineOperation({
    method: 'POST',
    path: '/api/roles',
    tags,
    who: managers,
    summary: 'Create a role of a type the caller may offer',
    body: createRoleRequest,
    response: roleSavedResponse,
    status: 201,
    errors: [409, 422],
    idempotent: true,
  }),
  updateRole: defineOperation({
    method: 'PUT',
    path: '/api/roles/:id',
    tags,
    who: managers,
    summary: 'Update a role’s name and description (its type never changes)',
    params: idParams,
    body: updateRoleRequest,
    response: roleSavedResponse,
    errors: [409, 422],
  }),
  setRoleActive: defineOperation({
    method: 'PATCH',
    path: '/api/roles/:id/active',
    tags,
    who: managers,
    summary: 'Activate or deactivate a role',
    params: idParams,
    body: setActiveAtVersionRequest,
    response: roleActiveResponse,
    errors: [409],
  }),
} as const;
