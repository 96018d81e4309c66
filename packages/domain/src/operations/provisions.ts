import {
  accountAssignedParams,
  provisionDetailResponse,
  provisionListQuery,
  provisionListResponse,
  reservedAmountQuery,
  reservedAmountResponse,
  setProvisionStatusRequest,
} from '../contracts/provisions';
import {
  provisionDetailQuery,
  provisionFollowUpDetailResponse,
  provisionPutRequest,
  provisionPutResponse,
} from '../contracts/provision-lender';
import { idParams } from '../contracts/common';
import {
  createAndSendProvisionRequest,
  createProvisionRequest,
  createProvisionResponse,
} from '../financing/provision-requests';
import { defineOperation } from './operation';

const tags = ['provisions'];
const everyType = [1, 2, 3, 4, 5] as const;
/** The dealer operator saves and sends (spec 3 §6). */
const dealerOperator = [5] as const;
const saveErrors = [409, 413, 422, 503] as const;

/** A save carries up to PROVISION_UNITS_MAX units (a 10,000-row CSV is about 3 MB of JSON); other routes keep 1 MB. */
export const PROVISION_SAVE_BODY_LIMIT = 8 * 1024 * 1024;

const SAVE_NOTES =
  'Type 5, within the operating window. The company is the caller’s active one, the branch one of its branches, ' +
  'legalId a type 4 of the company; the credit line (read from the CRM) the company’s and deadlines one of its ' +
  'plazos. Under the line’s lock: a VIN in another open or financed provision → 422 naming the folio; total ' +
  'above the available balance → 422 BALANCE_EXCEEDED; line busy → 409 CREDIT_LINE_BUSY. Evidences reference the ' +
  'caller’s own uploads (POST /api/documents) by fileId. Honours Idempotency-Key.';

/** The three creates differ by what the save does after it (spec 3 §7 "Provisions", decision 029). */
const create = { tags, who: dealerOperator, description: SAVE_NOTES, response: createProvisionResponse } as const;
const saved = { status: 201, errors: saveErrors, idempotent: true, bodyLimit: PROVISION_SAVE_BODY_LIMIT } as const;

/**
 * Provisions (spec 3 §7 "Provisions", decision 029): every type lists and reads within its scope (the provisions
 * policy); the dealer operator saves and sends; the assigned list is the lender operator's (types 1 and 2 may ask
 * for one).
 */
export const PROVISION_OPERATIONS = {
  listProvisions: defineOperation({
    method: 'GET',
    path: '/api/provisions',
    tags,
    who: everyType,
    summary: 'The provisions the caller sees (spec 3 §2 by user type), paged, filtered and sorted by the server',
    description: 'Default sort createdAt:desc; also folio, total, countUnits, status. `status` may repeat.',
    query: provisionListQuery,
    response: provisionListResponse,
  }),
  listAccountAssigned: defineOperation({
    method: 'GET',
    path: '/api/provisions/account-assigned/:userId',
    tags,
    who: [1, 2, 3],
    summary: 'A lender operator’s list: provisions (statuses 3–10) of the accounts it operates',
    description: 'Type 3 for itself; types 1 and 2 for an operator they reach. Anyone else → 404.',
    params: accountAssignedParams,
    query: provisionListQuery,
    response: provisionListResponse,
  }),
  reservedAmount: defineOperation({
    method: 'GET',
    path: '/api/provisions/reserved-amount',
    tags,
    who: everyType,
    summary: 'What open provisions hold on a credit line (statuses 1–7, and authorised units not yet in the CRM)',
    query: reservedAmountQuery,
    response: reservedAmountResponse,
    errors: [503],
  }),
  getProvision: defineOperation({
    method: 'GET',
    path: '/api/provisions/:id',
    tags,
    who: everyType,
    summary: 'A provision with its units and evidences (out of the caller’s scope → 404)',
    description:
      'The follow-up page’s read (decision 036): also the caller’s `actions` (the machine’s, for its type and ' +
      'the status), `unitsInReview`, per unit `deadlines`, the credit line’s `balances` (from the last CRM read) ' +
      'and how many `signingDocuments` exist. `?units=none` leaves `units` empty (the follow-up page reads them a ' +
      'page at a time: GET /api/provisions/{id}/units/page); `unitsInReview` still counts every unit.',
    params: idParams,
    query: provisionDetailQuery,
    response: provisionFollowUpDetailResponse,
  }),
  createProvision: defineOperation({
    ...create,
    ...saved,
    method: 'POST',
    path: '/api/provisions',
    summary: 'Guardar: creates a provision in status 1 (Creada)',
    body: createProvisionRequest,
  }),
  createAndSendProvision: defineOperation({
    ...create,
    ...saved,
    method: 'POST',
    path: '/api/provisions/create-send',
    summary:
      'Save and send: creates it in status 2 (Enviada a validar) and notifies the account’s lender operators; ' +
      'with `reviewUnits: true` (the review mode’s save-and-send) units with an `id` are the caller’s units in ' +
      'review, moved into it',
    body: createAndSendProvisionRequest,
  }),
  createProvisionFromReview: defineOperation({
    ...create,
    ...saved,
    method: 'POST',
    path: '/api/provisions/create/withUnitsExistits',
    summary:
      'From units under review: units with an `id` are the caller’s units in review, moved into the new provision',
    body: createProvisionRequest,
  }),
  // The dealer's edit (type 5), or the lender's Confirmar/Rechazar/Liberar by its body's status (types 1, 3).
  updateProvision: defineOperation({
    method: 'PUT',
    path: '/api/provisions/:id',
    tags,
    who: [1, 3, 5],
    summary: 'Edit a provision in status 1 (no status); Confirmar/Rechazar (status 4 or 9) or Liberar (status 10)',
    description:
      `Edit (type 5): ${SAVE_NOTES} The body carries the version read; a stale one → 409 STALE_VERSION. ` +
      'Status 4 or 9 is POST /api/provisions/{id}/confirm-reject, status 10 POST /api/provisions/{id}/release ' +
      '(types 1 and 3, decision 036).',
    params: idParams,
    body: provisionPutRequest,
    response: provisionPutResponse,
    errors: saveErrors,
    bodyLimit: PROVISION_SAVE_BODY_LIMIT,
  }),
  sendToValidate: defineOperation({
    method: 'PATCH',
    path: '/api/provisions/:id/set-status',
    tags,
    who: dealerOperator,
    summary: 'Send to validation (1 → 2): notifies the account’s lender operators and writes an audit row',
    description: 'Body `{ status: 2, version }`. Needs at least one unit; re-checks the balance under the lock.',
    params: idParams,
    body: setProvisionStatusRequest,
    response: provisionDetailResponse,
    errors: saveErrors,
  }),
} as const;
