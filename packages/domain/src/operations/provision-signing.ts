import {
  redoDocumentRequest,
  sendToSignRequest,
  signingActionResponse,
  signingEvidencesResponse,
} from '../contracts/provision-signing';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['provisions'];
const dealerOperator = [5] as const;
const actionErrors = [409, 422, 503] as const;

/**
 * The provisions' signing documents and e-signature (issue 17, decision 037): the dealer operator generates and sends
 * them, the lender redoes one; every type reads a provision's documents within its scope. The provision's scope (404
 * outside it) and the state machine (409 at another status) are the signing service's.
 */
export const PROVISION_SIGNING_OPERATIONS = {
  generateDocuments: defineOperation({
    method: 'POST',
    path: '/api/provisions/:id/documents',
    tags,
    who: dealerOperator,
    summary: 'Generate the signing document (type 5 at status 4): a PDF from the provision and its signers',
    description:
      'Evidence type 1, typeSignDoc 0, signedStatus 0, with the folio printed; a second call replaces the ' +
      'document not yet sent. Within the operating window. Mover action generateDocuments (audit row).',
    params: idParams,
    response: signingActionResponse,
    errors: actionErrors,
  }),
  sendToSign: defineOperation({
    method: 'POST',
    path: '/api/provisions/:id/send-to-sign',
    tags,
    who: dealerOperator,
    summary: 'Send the signing documents to the e-signature provider (type 5, status 4 → 5)',
    description:
      'Body `{ version }`. Needs a generated document (422 NO_SIGNING_DOCUMENTS). The envelope is created ' +
      'before the transaction with reference provision:<id>:<evidenceId> and kept on the document, so a ' +
      'retry reuses it. Signers: the legal representative and the configuration’s people with an e-mail. ' +
      'signedStatus → 1. Provider down → 503.',
    params: idParams,
    body: sendToSignRequest,
    response: signingActionResponse,
    errors: actionErrors,
  }),
  redoDocument: defineOperation({
    method: 'POST',
    path: '/api/provisions/:id/redo-document',
    tags,
    who: [1, 3],
    summary: 'Generate the signing document again (types 1 and 3 at status 4–6): ‘El documento se generó nuevamente’',
    description:
      'Body `{ provisionId?, version? }` (spec 3 §7: body provisionId; it must be the path’s). At 4 the new ' +
      'document replaces the unsent one; at 5 and 6 it goes to a new envelope and the one out is withdrawn.',
    params: idParams,
    body: redoDocumentRequest,
    response: signingActionResponse,
    errors: actionErrors,
  }),
  listSigningEvidences: defineOperation({
    method: 'GET',
    path: '/api/provisions/:id/evidences-signature',
    tags,
    who: [1, 2, 3, 4, 5],
    summary: 'The provision’s signing documents (spec 3 §7), with signUrl for a caller who still has to sign',
    params: idParams,
    response: signingEvidencesResponse,
  }),
} as const;
