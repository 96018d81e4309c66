import type { FastifyInstance } from 'fastify';
import { DOCUMENT_OPERATIONS as op, DOCUMENT_UPLOADS_PER_MINUTE } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import { receiveFile } from '../../platform/uploads';
import { DOCUMENT_UPLOAD, type DocumentsService } from './service';

/**
 * Documents a provision save attaches (spec 3 §7 "document upload", "document delete"; decision 029), declared in
 * packages/domain/src/operations/documents.ts.
 */
export async function documentRoutes(app: FastifyInstance, { documents }: { documents: DocumentsService }) {
  operationRoute(
    app,
    op.uploadDocument,
    async (_, request) => {
      const actor = currentUser(request);
      const form = await receiveFile(request, DOCUMENT_UPLOAD);
      try {
        return await documents.upload(actor, form, request.id);
      } finally {
        await form.discard();
      }
    },
    // Per user, after authentication (decision 071): a dealer filling a wizard uploads a few a minute.
    {
      config: {
        rateLimit: {
          max: DOCUMENT_UPLOADS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `documents:user:${request.user?.id ?? request.ip}`,
        },
      },
    },
  );
  operationRoute(app, op.deleteDocument, async ({ params }, request) => {
    await documents.remove(currentUser(request), params.fileId, request.id);
    return null;
  });
}
