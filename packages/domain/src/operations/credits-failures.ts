import {
  archiveCreditFailureRequest,
  creditFailureActionResponse,
  creditFailureListQuery,
  creditFailureListResponse,
  insertCreditFailureRequest,
  retryCreditFailureRequest,
} from '../contracts/credit-failures';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['credit-failures'];
/** The super user's menu only (spec 1 §6). */
const superUser = [1] as const;

/** Créditos con fallos (spec 2 §7 "Credit failures"). */
export const CREDIT_FAILURE_OPERATIONS = {
  listCreditFailures: defineOperation({
    method: 'GET',
    path: '/api/credits-failures',
    tags,
    who: superUser,
    summary: 'Units the CRM did not take, newest attempt first; filter by folio and the day of the last attempt',
    query: creditFailureListQuery,
    response: creditFailureListResponse,
  }),
  archiveCreditFailure: defineOperation({
    method: 'PATCH',
    path: '/api/credits-failures/:id/archive',
    tags,
    who: superUser,
    summary: 'Remover: takes the attempt out of the queue of attempts',
    params: idParams,
    body: archiveCreditFailureRequest,
    response: creditFailureActionResponse,
    errors: [409],
  }),
  retryCreditFailure: defineOperation({
    method: 'PATCH',
    path: '/api/credits-failures/:id/retryInsertion',
    tags,
    who: superUser,
    summary: 'Reintentar: the unit goes into the next insertion cycle',
    params: idParams,
    body: retryCreditFailureRequest,
    response: creditFailureActionResponse,
    errors: [409],
  }),
  insertCreditFailure: defineOperation({
    method: 'POST',
    path: '/api/credits-failures/:id/insertUnit',
    tags,
    who: superUser,
    summary: 'Insertar: inserts the unit into the CRM now',
    params: idParams,
    body: insertCreditFailureRequest,
    response: creditFailureActionResponse,
    errors: [409, 422, 503],
  }),
} as const;
