import {
  confirmRejectRequest,
  provisionActionResponse,
  provisionTimelinePageQuery,
  provisionTimelinePageResponse,
  provisionUnitsPageQuery,
  provisionUnitsPageResponse,
  provisionTimelineResponse,
  releaseRequest,
  sendToCrmRequest,
  updateFolioRequest,
} from '../contracts/provision-lender';
import { idParams } from '../contracts/common';
import { fileDownloadResponse } from '../contracts/files';
import { defineOperation } from './operation';

const tags = ['provisions'];
/** The lender's super user and operator (a type 3 on the accounts it operates). */
const lender = [1, 3] as const;
const actionErrors = [409, 422, 503] as const;

const ACTION_NOTES =
  'Types 1 and 3 (a type 3 on the accounts it operates; out of scope → 404), within the operating window. The ' +
  'body carries the version read: a stale one, or a provision another user moved first → 409 STALE_VERSION; a ' +
  'status the action does not start from → 409 INVALID_STATUS. Answers the follow-up detail (its `status` is the ' +
  'new one) and the spec’s message.';

/**
 * The lender's actions on a provision and the follow-up page's reads (spec 3 §7 "Provisions", issue 17, decision
 * 036). PUT /api/provisions/{id} with status 4, 9 or 10 (provisions.ts) reaches the same actions.
 */
export const PROVISION_LENDER_OPERATIONS = {
  confirmReject: defineOperation({
    method: 'POST',
    path: '/api/provisions/:id/confirm-reject',
    tags,
    who: lender,
    summary: 'Confirmar (status 4) or Rechazar (status 9) a provision in Validación (3)',
    description:
      `${ACTION_NOTES} Confirmar: at least one unit \`included\` (422 'Seleccione al menos una unidad'), each ` +
      'selectable by spec 3 §4 (422 otherwise); the total is recomputed from the included units, the excluded ' +
      "ones stop holding balance; with useManualFolio the manualFolio is required ('Ingrese el folio manual'), " +
      'digits, at most 250. Rechazar: every unit goes back to its dealer operator, under review. Same as PUT ' +
      '/api/provisions/{id} with status 4 or 9.',
    params: idParams,
    body: confirmRejectRequest,
    response: provisionActionResponse,
    errors: actionErrors,
  }),
  release: defineOperation({
    method: 'POST',
    path: '/api/provisions/:id/release',
    tags,
    who: lender,
    summary: 'Liberar: units released without the CRM (status 10), from Proceso firma (6) or Firmado (7)',
    description: `${ACTION_NOTES} Same as PUT /api/provisions/{id} with status 10.`,
    params: idParams,
    body: releaseRequest,
    response: provisionActionResponse,
    errors: actionErrors,
  }),
  sendToCrm: defineOperation({
    method: 'POST',
    path: '/api/provisions/:id/send-crm',
    tags,
    who: lender,
    summary: 'Send to CRM (status 8) from 6 or 7: approvedDate saved, one CRM insertion queued per included unit',
    description:
      `${ACTION_NOTES} The insertion cycle job inserts the units through the CRM; a refusal becomes a credit ` +
      'failure (/api/credits-failures). No call to the CRM during the request.',
    params: idParams,
    body: sendToCrmRequest,
    response: provisionActionResponse,
    errors: actionErrors,
  }),
  updateFolio: defineOperation({
    method: 'PATCH',
    path: '/api/provisions/:id/update-folio',
    tags,
    who: lender,
    summary: 'Actualizar folio: the manual folio from now on (statuses 4–10); generated documents keep theirs',
    description: `${ACTION_NOTES} manualFolio a whole number above 0 ('El folio es requerido y debe de ser un numero mayor a 0').`,
    params: idParams,
    body: updateFolioRequest,
    response: provisionActionResponse,
    errors: actionErrors,
  }),
  unitsXlsx: defineOperation({
    method: 'GET',
    path: '/api/provisions/:id/units.xlsx',
    tags,
    who: lender,
    summary: "The provision's units as an XLSX, 'Unidades (DD-MM-YYYY).xlsx' (Mexico City's day)",
    description: 'Types 1 and 3 in scope. A cell that starts with = + - @ is written as text (a leading quote).',
    params: idParams,
    response: fileDownloadResponse,
  }),
  timeline: defineOperation({
    method: 'GET',
    path: '/api/provisions/:id/timeline',
    tags,
    who: [1, 2, 3, 4, 5],
    summary: "The provision's history: every move (who, when, from and to which status) and its validations",
    description: 'Anyone who can read the provision (its scope). Oldest first.',
    params: idParams,
    response: provisionTimelineResponse,
  }),
  timelinePage: defineOperation({
    method: 'GET',
    path: '/api/provisions/:id/timeline/page',
    tags,
    who: [1, 2, 3, 4, 5],
    summary: "A page of the provision's history (oldest first) and how many entries it has",
    description:
      'The follow-up page reads its history a page at a time (issue 31: 15,000 entries at 5,000 units). ' +
      'Same scope and order as GET /api/provisions/{id}/timeline.',
    params: idParams,
    query: provisionTimelinePageQuery,
    response: provisionTimelinePageResponse,
  }),
  unitsPage: defineOperation({
    method: 'GET',
    path: '/api/provisions/:id/units/page',
    tags,
    who: [1, 2, 3, 4, 5],
    summary: "A page of the provision's units (oldest first) as the follow-up shows them, and how many it has",
    description:
      'The follow-up page reads its units a page at a time (issue 31: 2.4 MB at 5,000 units) beside GET ' +
      '/api/provisions/{id}?units=none. Same scope as the detail (out of scope → 404); each unit with its term.',
    params: idParams,
    query: provisionUnitsPageQuery,
    response: provisionUnitsPageResponse,
  }),
} as const;
