import {
  auditDetailResponse,
  auditListQuery,
  auditListResponse,
  auditSavedResponse,
  createAuditRequest,
  updateAuditRequest,
  validateProcessQuery,
  validateProcessResponse,
} from '../contracts/audits';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['audits'];
/** The lender's administrator (spec 3 §6; decision 041): its own audits within its accounts. */
const administrator = [2] as const;

/** Audits (spec 3 §7 "Audits"; decisions 030, 041). */
export const AUDIT_OPERATIONS = {
  validateProcess: defineOperation({
    method: 'GET',
    path: '/api/audits/validate-process',
    tags,
    // Eligibility (spec 3 §7 "Audits"; decision 030): each type within its scope.
    who: [1, 2, 3, 4, 5],
    summary: 'May the dealer draw on this account and company on this day? (the pre-checks’ facts and verdict)',
    description:
      'Type 5: its own account and company (the default). Other types: `account` and `company` within their ' +
      'scope. `date` YYYY-MM-DD, today (Mexico City) by default.',
    query: validateProcessQuery,
    response: validateProcessResponse,
    errors: [503],
  }),
  listAudits: defineOperation({
    method: 'GET',
    path: '/api/audits',
    tags,
    who: administrator,
    summary: 'The caller’s own audits (registerBy) in its accounts, paged (default: company name ascending)',
    description: '`from`/`to` (YYYY-MM-DD) keep the audits whose days touch that range; `all=true` answers all.',
    query: auditListQuery,
    response: auditListResponse,
    errors: [503],
  }),
  getAudit: defineOperation({
    method: 'GET',
    path: '/api/audits/:id',
    tags,
    who: administrator,
    summary: 'One of the caller’s audits',
    params: idParams,
    response: auditDetailResponse,
    errors: [503],
  }),
  createAudit: defineOperation({
    method: 'POST',
    path: '/api/audits',
    tags,
    who: administrator,
    summary: 'Register an audit (the company must be of the account; the end day not before the start)',
    body: createAuditRequest,
    response: auditSavedResponse,
    status: 201,
    errors: [409, 422, 503],
    idempotent: true,
  }),
  updateAudit: defineOperation({
    method: 'PUT',
    path: '/api/audits/:id',
    tags,
    who: administrator,
    summary: 'Change an audit, at the version the form read (409 when it moved on)',
    params: idParams,
    body: updateAuditRequest,
    response: auditSavedResponse,
    errors: [409, 422, 503],
  }),
} as const;
