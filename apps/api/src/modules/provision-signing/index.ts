// The provision-signing module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { createSigningDocuments } from './envelopes';
export type { SigningDocuments, StoredPdf, WebhookOutcome } from './envelopes';
export { signingDocumentPdf } from './pdf';
export type { SigningDocumentData, SigningDocumentText } from './pdf';
export { presentSigningEvidence } from './presenter';
export { deleteEvidences, isClaim, updateEvidence } from './repository';
export type { Signers } from './signers';
