import {
  setUnitReviewRequest,
  setUnitReviewResponse,
  unitEvidenceDeletedResponse,
  unitEvidenceParams,
  unitEvidenceResponse,
  unitEvidencesResponse,
  unitRemovedResponse,
  unitReviewListResponse,
  unitReviewQuery,
} from '../contracts/units';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['units'];
/** The dealer operator, over its own units under review. */
const dealerOperator = [5] as const;
const errors = [409, 413, 415, 422] as const;

/**
 * Units (spec 3 §7 "Units"): units under review and their documents (decision 030). A unit's deadlines and sold flag
 * (the refinancings module) and its validation history (provision validation) are declared with their modules.
 */
export const UNIT_OPERATIONS = {
  listUnitsUnderReview: defineOperation({
    method: 'GET',
    path: '/api/units/review',
    tags,
    who: dealerOperator,
    summary: 'The caller’s units under review (registerBy), filtered by model and VIN, by VIN descending',
    query: unitReviewQuery,
    response: unitReviewListResponse,
    errors,
  }),
  listUnitEvidences: defineOperation({
    method: 'GET',
    path: '/api/units/:id/evidences',
    tags,
    who: [1, 2, 3, 4, 5],
    summary: 'A unit’s evidences (type 7 with the provision, type 8 uploaded later)',
    params: idParams,
    response: unitEvidencesResponse,
    errors,
  }),
  uploadUnitDocument: defineOperation({
    method: 'POST',
    path: '/api/units/:id/uploadDocument',
    tags,
    who: dealerOperator,
    summary: 'Upload a document (evidence type 8) to a unit under review',
    description:
      'multipart/form-data: `file` (any extension, only the first file is kept; the bytes must not contradict ' +
      'the name; programs are refused). 413 too large, 415 wrong type.',
    multipart: true,
    params: idParams,
    response: unitEvidenceResponse,
    status: 201,
    errors,
    idempotent: true,
  }),
  deleteUnitEvidence: defineOperation({
    method: 'DELETE',
    path: '/api/units/:id/evidences/:evidenceId',
    tags,
    who: dealerOperator,
    summary: 'Delete a document uploaded to a unit under review (type 8 only; type 7 is undeletable)',
    params: unitEvidenceParams,
    response: unitEvidenceDeletedResponse,
    errors,
  }),
  removeUnitFromReview: defineOperation({
    method: 'POST',
    path: '/api/units/:id/delete',
    tags,
    who: dealerOperator,
    summary: 'Remove a unit from the caller’s review list (Remover)',
    params: idParams,
    response: unitRemovedResponse,
    errors,
  }),
  setUnitReview: defineOperation({
    method: 'PATCH',
    path: '/api/units/:id/set-review',
    tags,
    who: [1, 3, 5],
    summary: 'Send a rejected provision’s unit to review (types 1, 3) or take it out (types 1, 3, and 5 its own)',
    params: idParams,
    body: setUnitReviewRequest,
    response: setUnitReviewResponse,
    errors,
  }),
} as const;
