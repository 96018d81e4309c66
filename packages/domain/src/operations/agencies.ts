import {
  branchActiveResponse,
  branchDetailResponse,
  branchSavedResponse,
  branchUserRequest,
  branchUserResponse,
  branchUsersQuery,
  branchUsersResponse,
  createBranchRequest,
  updateBranchRequest,
} from '../contracts/branches';
import { agencyLookupQuery, agencyLookupResponse } from '../contracts/organisation-lookups';
import { setActiveRequest } from '../contracts/users';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['branches'];
/** Type 4 sees its own branches and manages their users (spec 2 §6). */
const viewers = [1, 2, 3, 4] as const;
/** Type 4 neither creates, edits nor toggles a branch (spec 2 §6). */
const editors = [1, 2, 3] as const;

/** Branches (spec 2 §7 "Branches": /agencies, §6). */
export const AGENCY_OPERATIONS = {
  listAgencies: defineOperation({
    method: 'GET',
    path: '/api/agencies',
    tags: ['organisation'],
    who: viewers,
    summary: 'Branches in the caller’s scope (type 4: its account and active company), paged or all=true',
    query: agencyLookupQuery,
    response: agencyLookupResponse,
  }),
  getAgency: defineOperation({
    method: 'GET',
    path: '/api/agencies/:id',
    tags,
    who: viewers,
    summary: 'One branch in the caller’s scope',
    params: idParams,
    response: branchDetailResponse,
  }),
  createAgency: defineOperation({
    method: 'POST',
    path: '/api/agencies',
    tags,
    who: editors,
    summary: 'Create a branch of a company of an account in the caller’s scope',
    body: createBranchRequest,
    response: branchSavedResponse,
    status: 201,
    errors: [409, 422],
    idempotent: true,
  }),
  updateAgency: defineOperation({
    method: 'PUT',
    path: '/api/agencies/:id',
    tags,
    who: editors,
    summary: 'Update a branch',
    params: idParams,
    body: updateBranchRequest,
    response: branchSavedResponse,
    errors: [409, 422],
  }),
  setAgencyActive: defineOperation({
    method: 'PATCH',
    path: '/api/agencies/:id/active',
    tags,
    who: editors,
    summary: 'Activate or deactivate a branch; answers the value it now has',
    params: idParams,
    body: setActiveRequest,
    response: branchActiveResponse,
  }),
  listAgencyUsers: defineOperation({
    method: 'GET',
    path: '/api/agencies/:id/users',
    tags,
    who: viewers,
    summary: 'The users assigned to a branch, by e-mail',
    params: idParams,
    query: branchUsersQuery,
    response: branchUsersResponse,
  }),
  assignAgencyUser: defineOperation({
    method: 'POST',
    path: '/api/agencies/:id/users',
    tags,
    who: viewers,
    summary: 'Assign a dealer user of the branch’s account to it',
    params: idParams,
    body: branchUserRequest,
    response: branchUserResponse,
    errors: [409, 422],
    idempotent: true,
  }),
  removeAgencyUser: defineOperation({
    method: 'PATCH',
    path: '/api/agencies/:id/users',
    tags,
    who: viewers,
    summary: 'Remove a user from a branch (spec 2 §7: remove by user id)',
    params: idParams,
    body: branchUserRequest,
    response: branchUserResponse,
  }),
} as const;
