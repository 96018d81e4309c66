import {
  createUserRequest,
  resendResponse,
  setActiveAtVersionRequest,
  updateUserRequest,
  userActiveResponse,
  userCompaniesResponse,
  userDetailResponse,
  userListQuery,
  userListResponse,
  userSavedResponse,
} from '../contracts/users';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['users'];
/** Those who manage users (spec 1 §7); which users, the users policy (spec 1 §6). */
const managers = [1, 2, 3, 4] as const;

/** Users (spec 1 §7). */
export const USER_OPERATIONS = {
  listUsers: defineOperation({
    method: 'GET',
    path: '/api/users',
    tags,
    who: managers,
    summary: 'Users in the caller’s scope, paged (default email ascending)',
    query: userListQuery,
    response: userListResponse,
  }),
  getUser: defineOperation({
    method: 'GET',
    path: '/api/users/:id',
    tags,
    who: managers,
    summary: 'One user in the caller’s scope',
    params: idParams,
    response: userDetailResponse,
  }),
  createUser: defineOperation({
    method: 'POST',
    path: '/api/users',
    tags,
    who: managers,
    summary: 'Create a user (type by the creation rules) and mail it a temporary password',
    body: createUserRequest,
    response: userSavedResponse,
    status: 201,
    errors: [409, 422, 503],
    idempotent: true,
  }),
  updateUser: defineOperation({
    method: 'PUT',
    path: '/api/users/:id',
    tags,
    who: managers,
    summary: 'Save the user form over a user in scope (legalId, isArchived and awsId are never taken)',
    params: idParams,
    body: updateUserRequest,
    response: userSavedResponse,
    errors: [409, 422],
  }),
  setUserActive: defineOperation({
    method: 'PATCH',
    path: '/api/users/:id/active',
    tags,
    who: managers,
    summary: 'Activate or deactivate a user in scope (never oneself), from the version the screen read',
    params: idParams,
    body: setActiveAtVersionRequest,
    response: userActiveResponse,
    errors: [409],
  }),
  resendTemporaryPassword: defineOperation({
    method: 'PATCH',
    path: '/api/users/:id/resend',
    tags,
    who: [1, 2, 3],
    summary: 'Replace the user’s password with a new temporary one and mail it',
    params: idParams,
    response: resendResponse,
    errors: [422, 503],
  }),
  /** Oneself, or a user in scope (others → 404). */
  getUserCompanies: defineOperation({
    method: 'GET',
    path: '/api/users/:id/companies',
    tags,
    who: 'authenticated',
    summary: 'Companies assigned to oneself or to a user in scope',
    params: idParams,
    response: userCompaniesResponse,
  }),
} as const;
