import { idParams } from '../contracts/common';
import { fileDownloadResponse } from '../contracts/files';
import {
  acceptRefinancingRequest,
  confirmRefinancingRequest,
  confirmRefinancingUnitsRequest,
  refinancingActionResponse,
  refinancingReviewQuery,
  refinancingReviewResponse,
  refinancingVersionRequest,
  rejectRefinancingRequest,
  sendRefinancingToCrmRequest,
  sendRefinancingUnitsRequest,
  setRefinancingStatusRequest,
  updateRefinancingFolioRequest,
} from '../contracts/refinancing-flows';
import { defineOperation } from './operation';

const tags = ['refinancings'];
/** The lender's closing moves: the super user and the lender operator (spec 3 §6). */
const lenderClosers = [1, 3] as const;
const errors = [409, 422, 503] as const;

const ACTION_NOTES =
  'A type the action’s rows do not name → 403; a refinancing outside the caller’s scope or visible statuses → 404. ' +
  'The body carries the version read: a stale one → 409 STALE_VERSION; a status the action does not start from → ' +
  '409 INVALID_STATUS; an unmet condition (evidence, validation, units) → 422 with the Spanish message. Answers the ' +
  'refreshed detail and the message; nothing is saved when refused.';

/**
 * The refinancing detail's flows (spec 3 §7 "Refinancings"; issue 19; decisions 045, 046). Each `who` is the widest
 * the machine's rows name; which rows, the refinancings policy; which moves, REFINANCING_MACHINE through the mover.
 */
export const REFINANCING_FLOW_OPERATIONS = {
  listRefinancingsToReview: defineOperation({
    method: 'GET',
    path: '/api/refinancings/review',
    tags,
    who: [2],
    summary: 'Refinancings waiting for the administrator’s validation (type 2)',
    description:
      'Status 3, evidences required and not validated yet, in the administrator’s scope. Filters company and ' +
      'folio (the folio or the manual one); default sort folio.',
    query: refinancingReviewQuery,
    response: refinancingReviewResponse,
  }),
  setRefinancingStatus: defineOperation({
    method: 'PATCH',
    path: '/api/refinancings/:id/set-status',
    tags,
    who: [3, 5],
    summary: 'Evidencia completa / Enviar (status 3) or Enviar a FinBe (status 5)',
    description:
      'status 3: Evidencia completa from 1 or 2 (types 3 and 5; evidences required and every unit with one) or ' +
      "Enviar from 4 (type 5); 'Las unidades fueron enviadas'. status 5: Enviar a FinBe (type 5, at 1, evidences " +
      'not required): documents generated and sent to sign. ' +
      ACTION_NOTES,
    params: idParams,
    body: setRefinancingStatusRequest,
    response: refinancingActionResponse,
    errors,
  }),
  sendRefinancingUnits: defineOperation({
    method: 'POST',
    path: '/api/refinancings/send-units',
    tags,
    who: [5],
    summary: 'Enviar: an accepted refinancing (4) back to validation (3), type 5',
    description: "'Las unidades fueron enviadas'; the administrator validates again. " + ACTION_NOTES,
    body: sendRefinancingUnitsRequest,
    response: refinancingActionResponse,
    errors,
  }),
  confirmRefinancingUnits: defineOperation({
    method: 'PATCH',
    path: '/api/refinancings/:id/confirm-units',
    tags,
    who: [2],
    summary: 'The administrator’s verdict per unit (type 2 at 3): Sí (1) / No (2, comment required)',
    description: "'Las unidades fueron actualizadas'; the status stays 3. " + ACTION_NOTES,
    params: idParams,
    body: confirmRefinancingUnitsRequest,
    response: refinancingActionResponse,
    errors,
  }),
  confirmRefinancing: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/confirm',
    tags,
    who: [2],
    summary: 'Confirmar (type 2 at 3): a unit said No → 2 Solicitud Evidencias, else stays 3 validated',
    description: "'Refinanciamiento actualizado correctamente'. Every unit must have a verdict. " + ACTION_NOTES,
    params: idParams,
    body: confirmRefinancingRequest,
    response: refinancingActionResponse,
    errors,
  }),
  acceptRefinancing: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/accept',
    tags,
    who: [3],
    summary: 'Aceptar (type 3 at 3 → 4): ticked units stay, the others leave; total re-reserved',
    description:
      'units [id, comment, status 1 ticked / 2 not]: every unit of the refinancing once. A ticked unit must have ' +
      'REPUVE, TransUnion and AX valid or be approved; the total becomes the ticked units’ sum, re-reserved under ' +
      "the line’s lock ('El monto total supera el saldo restante' when it does not fit). " +
      ACTION_NOTES,
    params: idParams,
    body: acceptRefinancingRequest,
    response: refinancingActionResponse,
    errors,
  }),
  rejectRefinancing: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/reject',
    tags,
    who: [3],
    summary: 'Rechazar (type 3 at 3 → 9): the reason saved, the line’s reservation released',
    description: ACTION_NOTES,
    params: idParams,
    body: rejectRefinancingRequest,
    response: refinancingActionResponse,
    errors,
  }),
  releaseRefinancing: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/release',
    tags,
    who: lenderClosers,
    summary: 'Liberar (types 1 and 3 at 6 or 7 → 10)',
    description: "'Las unidades fueron liberadas sin enviar a CRM'. " + ACTION_NOTES,
    params: idParams,
    body: refinancingVersionRequest,
    response: refinancingActionResponse,
    errors,
  }),
  sendRefinancingToCrm: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/send-crm',
    tags,
    who: lenderClosers,
    summary: 'Enviar a CRM (types 1 and 3 at 6 or 7 → 8): insertions queued',
    description:
      "'Las unidades fueron enviadas a CRM'. approvedDate saved; one CRM insertion per unit queued in the same " +
      'transaction (the insertion cycle calls the CRM). ' +
      ACTION_NOTES,
    params: idParams,
    body: sendRefinancingToCrmRequest,
    response: refinancingActionResponse,
    errors,
  }),
  updateRefinancingFolio: defineOperation({
    method: 'PATCH',
    path: '/api/refinancings/:id/update-folio',
    tags,
    who: lenderClosers,
    summary: 'Actualizar folio (types 1 and 3 at 4 and above)',
    description: "'El folio manual se actualizo correctamente'. " + ACTION_NOTES,
    params: idParams,
    body: updateRefinancingFolioRequest,
    response: refinancingActionResponse,
    errors,
  }),
  downloadRefinancingUnits: defineOperation({
    method: 'GET',
    path: '/api/refinancings/:id/units.xlsx',
    tags,
    who: lenderClosers,
    summary: "The refinancing's units as an XLSX, 'Unidades (DD-MM-YYYY).xlsx' (Mexico City's day)",
    description:
      'Types 1 and 3 in scope; the columns of the units table (spec 3 §2). A cell that starts with = + - @ is ' +
      'written as text.',
    params: idParams,
    response: fileDownloadResponse,
  }),
} as const;
