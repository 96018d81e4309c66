import {
  assignCompanyUserRequest,
  companyAgenciesResponse,
  companyListQuery,
  companyListResponse,
  companyUserChangedResponse,
  companyUsersAgenciesResponse,
  companyUsersResponse,
  lastExceptionResponse,
  removeCompanyUserRequest,
} from '../contracts/organisation-lookups';
import { idParams, pageQuery } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['companies'];
/** The types that register dealer users and assign them (spec 2 §7). */
const assigners = [1, 2, 3, 4] as const;
/** The branch and operator pickers of the financing screens: every type, within its scope. */
const everyType = [1, 2, 3, 4, 5] as const;

/** Companies (spec 2 §7 "Companies"): the lender's list, the financing screens' pickers, the company's users. */
export const COMPANY_OPERATIONS = {
  listCompanies: defineOperation({
    method: 'GET',
    path: '/api/companies',
    tags,
    who: [1, 2, 3],
    summary: 'Companies of the accounts in the caller’s scope (the read-only Compañías list)',
    query: companyListQuery,
    response: companyListResponse,
  }),
  listCompanyAgencies: defineOperation({
    method: 'GET',
    path: '/api/companies/:id/agencies',
    tags,
    who: everyType,
    summary: 'The branches of a company, active ones first, by name',
    params: idParams,
    response: companyAgenciesResponse,
  }),
  listCompanyUsersAgencies: defineOperation({
    method: 'GET',
    path: '/api/companies/:id/users-agencies',
    tags,
    who: everyType,
    summary: 'The users of a company, each with the branches of the company it is assigned to',
    params: idParams,
    response: companyUsersAgenciesResponse,
  }),
  getCompanyLastException: defineOperation({
    method: 'GET',
    path: '/api/companies/:id/last-exception',
    tags,
    who: everyType,
    summary: 'The latest exception request of a company (null if none): the provisions eligibility check reads it',
    params: idParams,
    response: lastExceptionResponse,
  }),
  listCompanyUsers: defineOperation({
    method: 'GET',
    path: '/api/companies/:id/users',
    tags,
    who: assigners,
    summary: 'The users assigned to a company, by e-mail',
    params: idParams,
    query: pageQuery,
    response: companyUsersResponse,
  }),
  assignCompanyUser: defineOperation({
    method: 'POST',
    path: '/api/companies/:id/users',
    tags,
    who: assigners,
    summary: 'Assign a user the caller registered, with a role of type 4 or 5',
    params: idParams,
    body: assignCompanyUserRequest,
    response: companyUserChangedResponse,
    errors: [409, 422],
    idempotent: true,
  }),
  removeCompanyUser: defineOperation({
    method: 'PATCH',
    path: '/api/companies/:id/users',
    tags,
    who: assigners,
    summary: 'Remove a user from a company (not a default assignment)',
    params: idParams,
    body: removeCompanyUserRequest,
    response: companyUserChangedResponse,
    errors: [409],
  }),
} as const;
