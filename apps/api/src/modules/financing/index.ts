// The financing module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export type { ClosingKind } from './closing-kind';
export { closingRoutes } from './closing-routes';
export { updateFinancedUnits } from './financed-units';
export { isUnsent } from './financing-kind';
export type { FinancingKind } from './financing-kind';
export { handleEsignEvent } from './handle-esign-event';
export { makeSigningDocument } from './make-signing-document';
export { notifyFinancingAudience, recordFinancingMove } from './record-move';
export { redoSentDocument } from './redo-sent-document';
export { releaseFinancing } from './release-financing';
export { replaceUnsentDocument } from './replace-unsent-document';
export { sendDocumentsToSign } from './send-documents-to-sign';
export { sendFinancingToCrm } from './send-financing-to-crm';
export { PROVISION_DOCUMENTS, REFINANCING_DOCUMENTS, signingDocumentsOf } from './signing-documents-repository';
export type { SigningDocumentRow } from './signing-documents-repository';
export { unitDescriptionOf } from './unit-description';
export type { UnitDescription } from './unit-description';
export { updateFinancingFolio } from './update-financing-folio';
export { withCreditLineLock } from './with-credit-line-lock';
