import type { FastifyInstance } from 'fastify';
import { REFINANCING_DOCUMENT_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import { sendAttachment } from '../../platform/attachment';
import { receiveFile } from '../../platform/uploads';
import { REFINANCING_EVIDENCE_UPLOAD, type RefinancingEvidencesService } from './evidences';
import type { RefinancingSigningService } from './service';

/** A download made in memory (the signed PDF or their ZIP): attachment, its type, nosniff, no caching. */
/**
 * A refinancing's unit evidences, signing documents and e-signature (issue 19, decision 047), declared in
 * packages/domain/src/operations/refinancing-documents.ts. The refinancing's scope (404 outside it) and the state
 * machine (403/409/422) are the services'.
 */
export async function refinancingSigningRoutes(
  app: FastifyInstance,
  { evidences, signing }: { evidences: RefinancingEvidencesService; signing: RefinancingSigningService },
) {
  operationRoute(app, op.uploadRefinancingUnitEvidence, async ({ params }, request) => {
    const form = await receiveFile(request, REFINANCING_EVIDENCE_UPLOAD);
    try {
      return await evidences.upload(currentUser(request), params.id, params.unitId, form, request.id);
    } finally {
      await form.discard();
    }
  });
  operationRoute(app, op.listRefinancingUnitEvidences, async ({ params }, request) => ({
    data: await evidences.list(currentUser(request), params.id, params.unitId),
  }));
  operationRoute(app, op.downloadRefinancingEvidence, async ({ params }, request, reply) =>
    sendAttachment(reply, await evidences.download(currentUser(request), params.id, params.evidenceId)),
  );
  operationRoute(app, op.sendRefinancingToSign, ({ params, body }, request) =>
    signing.sendForSignature(currentUser(request), params.id, 'sendToSign', body.version, request.id),
  );
  operationRoute(app, op.listRefinancingDocuments, readRow(signing.documents));
  operationRoute(app, op.getRefinancingSigning, readRow(signing.signingPage));
  operationRoute(app, op.redoRefinancingDocument, ({ params, body }, request) =>
    signing.redo(currentUser(request), params.id, params.documentId, body, request.id),
  );
  operationRoute(app, op.downloadRefinancingSignedDocuments, async ({ params }, request, reply) =>
    sendAttachment(reply, await signing.signedDocuments(currentUser(request), params.id)),
  );
}
