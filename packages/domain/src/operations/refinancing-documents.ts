import { idParams } from '../contracts/common';
import { fileDownloadResponse } from '../contracts/files';
import {
  redoRefinancingDocumentRequest,
  refinancingActionResponse,
  refinancingDocumentParams,
  refinancingDocumentsResponse,
  refinancingEvidenceParams,
  refinancingEvidenceResponse,
  refinancingEvidencesResponse,
  refinancingSigningResponse,
  refinancingUnitParams,
  refinancingVersionRequest,
} from '../contracts/refinancing-flows';
import { defineOperation, pathOf } from './operation';

const tags = ['refinancings'];
const readers = [1, 2, 3, 4, 5] as const;
const errors = [409, 422, 503] as const;

/**
 * A refinancing's unit evidences, signing documents and e-signature (issue 19, decision 047). The refinancing's scope
 * (404 outside it) is the refinancings policy's; the machine says who at which status (403/409/422).
 */
export const REFINANCING_DOCUMENT_OPERATIONS = {
  uploadRefinancingUnitEvidence: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/units/:unitId/evidences',
    tags,
    who: [3, 5],
    summary: 'Upload an evidence (type 8) of a refinancing unit: types 5 and 3 at statuses 1 and 2',
    description:
      'multipart/form-data: `file` (one; png, jpg, jpeg or pdf, and the bytes must be what the name says; the ' +
      'files module’s size limit). Type 5 only when the refinancing requires evidences (403 otherwise); another ' +
      'status → 409. 413 too large, 415 wrong type. Audit row refinancings.evidence-uploaded.',
    multipart: true,
    params: refinancingUnitParams,
    response: refinancingEvidenceResponse,
    status: 201,
    errors: [...errors, 413, 415],
    idempotent: true,
  }),
  listRefinancingUnitEvidences: defineOperation({
    method: 'GET',
    path: '/api/refinancings/:id/units/:unitId/evidences',
    tags,
    who: readers,
    summary: 'A refinancing unit’s evidences (type 8), in upload order',
    params: refinancingUnitParams,
    response: refinancingEvidencesResponse,
  }),
  downloadRefinancingEvidence: defineOperation({
    method: 'GET',
    path: '/api/refinancings/:id/evidences/:evidenceId/file',
    tags,
    who: readers,
    summary: 'Download an evidence or signing document of a refinancing in the caller’s scope (attachment)',
    params: refinancingEvidenceParams,
    response: fileDownloadResponse,
  }),
  sendRefinancingToSign: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/send-to-sign',
    tags,
    who: [5],
    summary: 'Enviar a firma (type 5, status 4 → 5): the signing document made and sent to the e-signature provider',
    description:
      'Body `{ version }`. The PDF (type 13) is made once and its envelope (reference ' +
      'refinancing:<id>:<evidenceId>) created before the transaction and kept on the document, so a retry ' +
      'reuses it. Signers: the legal representative and the signer configuration’s people with an e-mail ' +
      '(none → 422). Provider down → 503. Answers the refreshed detail.',
    params: idParams,
    body: refinancingVersionRequest,
    response: refinancingActionResponse,
    errors,
  }),
  listRefinancingDocuments: defineOperation({
    method: 'GET',
    path: '/api/refinancings/:id/documents',
    tags,
    who: readers,
    summary: 'The refinancing’s signing documents (type 13) with signedStatus, url and the caller’s signUrl',
    params: idParams,
    response: refinancingDocumentsResponse,
  }),
  getRefinancingSigning: defineOperation({
    method: 'GET',
    path: '/api/refinancings/:id/signing',
    tags,
    who: [4],
    summary: 'The legal representative’s in-app signing page (type 4): folio, company, status and the documents',
    description:
      'Issue 26, as the provisions’ /firmar-disposicion: each document carries the caller’s signUrl at the ' +
      'e-signature provider while it still has to sign it; the provider’s webhook moves the refinancing 5 → 6 → 7. ' +
      'Other types 403; another company’s refinancing 404.',
    params: idParams,
    response: refinancingSigningResponse,
  }),
  redoRefinancingDocument: defineOperation({
    method: 'POST',
    path: '/api/refinancings/:id/documents/:documentId/redo',
    tags,
    who: [1, 3, 4],
    summary: 'Generate a signing document again (types 1, 3 and 4 at 5–6): ‘El documento se generó nuevamente’',
    description:
      'Body `{ refinancingId?, version? }` (spec 3 §7 "regenerate document (refinancingId)": the path’s). The new ' +
      'document (current folio) goes to a new envelope; the one redone is withdrawn.',
    params: refinancingDocumentParams,
    body: redoRefinancingDocumentRequest,
    response: refinancingActionResponse,
    errors,
  }),
  downloadRefinancingSignedDocuments: defineOperation({
    method: 'GET',
    path: '/api/refinancings/:id/signed-documents',
    tags,
    who: [3, 4],
    summary: 'Download the signed documents (types 3 and 4): the PDF, or a ZIP when several',
    description: '409 NO_SIGNED_DOCUMENTS while none is signed.',
    params: idParams,
    response: fileDownloadResponse,
    errors: [409],
  }),
} as const;

/** Where a refinancing's evidence or signing document is downloaded (the `url` the API answers with it). */
export const refinancingEvidenceFilePath = (refinancingId: number, evidenceId: number) =>
  pathOf(REFINANCING_DOCUMENT_OPERATIONS.downloadRefinancingEvidence, { id: refinancingId, evidenceId });
