import {
  accountActiveResponse,
  accountChangedResponse,
  accountDetailResponse,
  accountLookupQuery,
  accountLookupResponse,
  accountSavedResponse,
  archiveAccountRequest,
  assignOperatorRequest,
  companyLookupQuery,
  companyLookupResponse,
  createAccountRequest,
  updateAccountRequest,
} from '../contracts/organisation-lookups';
import {
  saveSignatureConfigRequest,
  signatureConfigQuery,
  signatureConfigResponse,
} from '../contracts/signer-configuration';
import { customerOptionsResponse } from '../contracts/reports';
import { setActiveRequest } from '../contracts/users';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['accounts'];
/** The lender's staff who see accounts (spec 2 §6). */
const lender = [1, 2, 3] as const;
/** The operator who creates and configures accounts (spec 2 §6). */
const operator = [3] as const;

/**
 * Accounts (spec 2 §7 "Accounts"): the organisation look-ups the user form needs, the wizard and the account's
 * changes, its signer configuration (decision 014) and the customers assigned to a lender operator (the reports'
 * customer filter).
 */
export const ACCOUNT_OPERATIONS = {
  listAccounts: defineOperation({
    method: 'GET',
    path: '/api/accounts',
    tags: ['organisation'],
    who: lender,
    summary: 'Accounts in the caller’s scope (type 3: the ones assigned to it), paged or all=true',
    query: accountLookupQuery,
    response: accountLookupResponse,
  }),
  listAccountCompanies: defineOperation({
    method: 'GET',
    path: '/api/accounts/:id/companies',
    tags: ['organisation'],
    who: lender,
    summary: 'Companies of an account in the caller’s scope, paged or all=true',
    params: idParams,
    query: companyLookupQuery,
    response: companyLookupResponse,
  }),
  getAccount: defineOperation({
    method: 'GET',
    path: '/api/accounts/:id',
    tags,
    who: lender,
    summary: 'One account with its companies and their legal representatives (the view modal)',
    params: idParams,
    response: accountDetailResponse,
  }),
  createAccount: defineOperation({
    method: 'POST',
    path: '/api/accounts',
    tags,
    who: operator,
    summary:
      'The account wizard: account, companies and legal representatives (mailed temporary passwords), all or nothing',
    body: createAccountRequest,
    response: accountSavedResponse,
    status: 201,
    errors: [409, 503],
    idempotent: true,
  }),
  updateAccount: defineOperation({
    method: 'PUT',
    path: '/api/accounts/:id',
    tags,
    who: operator,
    summary:
      'The account edit: its companies as they should be (kept, with a new legal representative, added, removed); the account data is read-only',
    params: idParams,
    body: updateAccountRequest,
    response: accountSavedResponse,
    errors: [409, 422, 503],
  }),
  setAccountActive: defineOperation({
    method: 'PATCH',
    path: '/api/accounts/:id/active',
    tags,
    who: operator,
    summary: 'Activate or deactivate an account; answers the value it now has',
    params: idParams,
    body: setActiveRequest,
    response: accountActiveResponse,
  }),
  archiveAccount: defineOperation({
    method: 'PATCH',
    path: '/api/accounts/:id/archive',
    tags,
    who: operator,
    summary: 'Archive an account: it leaves every list',
    params: idParams,
    body: archiveAccountRequest,
    response: accountChangedResponse,
  }),
  assignAccountOperator: defineOperation({
    method: 'PATCH',
    path: '/api/accounts/:id/assign',
    tags,
    who: [1],
    summary: 'Change the operator (an active type 3 user) assigned to an account',
    params: idParams,
    body: assignOperatorRequest,
    response: accountChangedResponse,
    errors: [422],
  }),
  getSignatureConfig: defineOperation({
    method: 'GET',
    path: '/api/accounts/signatureConfig',
    tags: ['signer-configuration'],
    who: operator,
    summary: 'The signer configuration of a company and credit line (null when none is saved)',
    query: signatureConfigQuery,
    response: signatureConfigResponse,
  }),
  saveSignatureConfig: defineOperation({
    method: 'POST',
    path: '/api/accounts/signatureConfig',
    tags: ['signer-configuration'],
    who: operator,
    summary:
      'Saves who signs for each party of the line (company legal representatives, guarantors), replacing the previous configuration',
    body: saveSignatureConfigRequest,
    response: signatureConfigResponse,
    errors: [422, 503],
  }),
  /** Only oneself (others → 404). */
  listAssignedCompanies: defineOperation({
    method: 'GET',
    path: '/api/accounts/assigned/:id/companies',
    tags: ['reports'],
    who: lender,
    summary: 'The customers (companies of the accounts) assigned to user :id — only oneself',
    params: idParams,
    response: customerOptionsResponse,
  }),
} as const;
