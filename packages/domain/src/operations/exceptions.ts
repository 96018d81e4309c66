import {
  createExceptionResponse,
  exceptionDetailResponse,
  exceptionListQuery,
  exceptionListResponse,
  updateExceptionResponse,
} from '../contracts/exceptions';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['exceptions'];
/** Types 2, 3 and 5 read theirs (the exceptions policy). */
const readers = [2, 3, 5] as const;
const errors = [409, 413, 415, 422] as const;

/**
 * Exceptions (spec 3 §4, §7 "Exceptions"): the dealer operator requests one; the operator sends observations and the
 * administrator decides (the exception machine).
 */
export const EXCEPTION_OPERATIONS = {
  requestException: defineOperation({
    method: 'POST',
    path: '/api/exceptions',
    tags,
    who: [5],
    summary: 'Request an exception (type 5): multipart form with comment, optional type and evidence file',
    description:
      'multipart/form-data: `comment` (required, 1–250), `type` (default 1), `evidence` (optional, one .jpg or ' +
      '.png up to 10 MiB, checked by its bytes). Account, company and registerBy come from the session. ' +
      'Honours Idempotency-Key. 413 too large, 415 wrong type.',
    multipart: true,
    response: createExceptionResponse,
    status: 201,
    errors,
    idempotent: true,
  }),
  listExceptions: defineOperation({
    method: 'GET',
    path: '/api/exceptions',
    tags,
    who: readers,
    summary: 'The exceptions the caller reads, newest first (each type its statuses: 5 asks 0,2,3; 3 asks 0; 2 asks 1)',
    description:
      'Type 5: its own company’s; type 3: the accounts it operates; type 2: the accounts of its operators. ' +
      '`status` may repeat; statuses outside the caller’s type’s are never answered. Paged (`page`, `pageSize`, ' +
      '`sort` createdAt|folio|status|companyName, default createdAt:desc).',
    query: exceptionListQuery,
    response: exceptionListResponse,
    errors,
  }),
  getException: defineOperation({
    method: 'GET',
    path: '/api/exceptions/:id',
    tags,
    who: readers,
    summary: 'One exception in the caller’s scope, with its evidences (others: 404)',
    params: idParams,
    response: exceptionDetailResponse,
    errors,
  }),
  updateException: defineOperation({
    method: 'PUT',
    path: '/api/exceptions/:id',
    tags,
    who: [2, 3],
    summary: 'The operator’s observations (status 1) or the administrator’s approval (2) or rejection (3)',
    description:
      'multipart/form-data (decision 040): `status`, `version` (as read), `commentOF` and `isApproved` ' +
      '(true|false) for 1, `commentAF` for 3, and an optional `evidence` (.jpg or .png up to 10 MiB, checked by ' +
      'its bytes; stored as type 5 for the operator, 6 for the administrator). operatorId and adminId are the ' +
      'session’s. 403 wrong type, 409 wrong status or stale version, 413/415 file refused; nothing is written then.',
    multipart: true,
    params: idParams,
    response: updateExceptionResponse,
    errors,
  }),
} as const;
