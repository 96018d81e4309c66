import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParams,
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
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { attachmentDisposition, receiveFile } from '../../platform/uploads';
import { sendDownload } from '../files';
import { REFINANCING_EVIDENCE_UPLOAD, type RefinancingEvidencesService } from './evidences';
import type { RefinancingSigningService } from './service';

/** A download made in memory (the signed PDF or their ZIP): attachment, its type, nosniff, no caching. */
function sendBytes(reply: FastifyReply, file: { bytes: Buffer; name: string; contentType: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const actionErrors = { ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse };

/**
 * A refinancing's unit evidences, signing documents and e-signature (issue 19, decision 047). Who may call each
 * route is API_PERMISSIONS; the refinancing's scope (404 outside it) and the state machine (403/409/422) the services.
 */
export async function refinancingSigningRoutes(
  app: FastifyInstance,
  { evidences, signing }: { evidences: RefinancingEvidencesService; signing: RefinancingSigningService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['refinancings'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/api/refinancings/:id/units/:unitId/evidences',
    {
      schema: {
        tags,
        security,
        summary: 'Upload an evidence (type 8) of a refinancing unit: types 5 and 3 at statuses 1 and 2',
        description:
          'multipart/form-data: `file` (one; png, jpg, jpeg or pdf, and the bytes must be what the name says; the ' +
          'files module’s size limit). Type 5 only when the refinancing requires evidences (403 otherwise); another ' +
          'status → 409. 413 too large, 415 wrong type. Audit row refinancings.evidence-uploaded.',
        consumes: ['multipart/form-data'],
        params: refinancingUnitParams,
        response: { 201: refinancingEvidenceResponse, ...actionErrors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      const form = await receiveFile(request, REFINANCING_EVIDENCE_UPLOAD);
      try {
        const { id, unitId } = request.params;
        return reply.code(201).send(await evidences.upload(currentUser(request), id, unitId, form, request.id));
      } finally {
        await form.discard();
      }
    },
  );

  r.get(
    '/api/refinancings/:id/units/:unitId/evidences',
    {
      schema: {
        tags,
        security,
        summary: 'A refinancing unit’s evidences (type 8), in upload order',
        params: refinancingUnitParams,
        response: { 200: refinancingEvidencesResponse, ...errors },
      },
    },
    async (request) => ({
      data: await evidences.list(currentUser(request), request.params.id, request.params.unitId),
    }),
  );

  r.get(
    '/api/refinancings/:id/evidences/:evidenceId/file',
    {
      schema: {
        tags,
        security,
        summary: 'Download an evidence or signing document of a refinancing in the caller’s scope (attachment)',
        params: refinancingEvidenceParams,
        response: errors,
      },
    },
    async (request, reply) =>
      sendDownload(reply, await evidences.download(currentUser(request), request.params.id, request.params.evidenceId)),
  );

  r.post(
    '/api/refinancings/:id/send-to-sign',
    {
      schema: {
        tags,
        security,
        summary:
          'Enviar a firma (type 5, status 4 → 5): the signing document made and sent to the e-signature provider',
        description:
          'Body `{ version }`. The PDF (type 13) is made once and its envelope (reference ' +
          'refinancing:<id>:<evidenceId>) created before the transaction and kept on the document, so a retry ' +
          'reuses it. Signers: the legal representative and the signer configuration’s people with an e-mail ' +
          '(none → 422). Provider down → 503. Answers the refreshed detail.',
        params: idParams,
        body: refinancingVersionRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) =>
      signing.sendForSignature(currentUser(request), request.params.id, 'sendToSign', request.body.version, request.id),
  );

  r.get(
    '/api/refinancings/:id/documents',
    {
      schema: {
        tags,
        security,
        summary: 'The refinancing’s signing documents (type 13) with signedStatus, url and the caller’s signUrl',
        params: idParams,
        response: { 200: refinancingDocumentsResponse, ...errors },
      },
    },
    async (request) => ({ data: await signing.documents(currentUser(request), request.params.id) }),
  );

  r.get(
    '/api/refinancings/:id/signing',
    {
      schema: {
        tags,
        security,
        summary: 'The legal representative’s in-app signing page (type 4): folio, company, status and the documents',
        description:
          'Issue 26, as the provisions’ /firmar-disposicion: each document carries the caller’s signUrl at the ' +
          'e-signature provider while it still has to sign it; the provider’s webhook moves the refinancing 5 → 6 → 7. ' +
          'Other types 403; another company’s refinancing 404.',
        params: idParams,
        response: { 200: refinancingSigningResponse, ...errors },
      },
    },
    async (request) => ({ data: await signing.signingPage(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/refinancings/:id/documents/:documentId/redo',
    {
      schema: {
        tags,
        security,
        summary: 'Generate a signing document again (types 1, 3 and 4 at 5–6): ‘El documento se generó nuevamente’',
        description:
          'Body `{ refinancingId?, version? }` (spec 3 §7 "regenerate document (refinancingId)": the path’s). The new ' +
          'document (current folio) goes to a new envelope; the one redone is withdrawn.',
        params: refinancingDocumentParams,
        body: redoRefinancingDocumentRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) =>
      signing.redo(currentUser(request), request.params.id, request.params.documentId, request.body, request.id),
  );

  r.get(
    '/api/refinancings/:id/signed-documents',
    {
      schema: {
        tags,
        security,
        summary: 'Download the signed documents (types 3 and 4): the PDF, or a ZIP when several',
        description: '409 NO_SIGNED_DOCUMENTS while none is signed.',
        params: idParams,
        response: { ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => sendBytes(reply, await signing.signedDocuments(currentUser(request), request.params.id)),
  );
}
