import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_UPLOADS_PER_MINUTE, documentParams, documentUploadResponse, errorResponse } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { receiveFile } from '../../platform/uploads';
import { DOCUMENT_UPLOAD, type DocumentsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Documents a provision save attaches (spec 3 §7 "document upload", "document delete"; decision 029). */
export async function documentRoutes(app: FastifyInstance, { documents }: { documents: DocumentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/api/documents',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a document before a save: the provision’s annex (pdf) or a unit’s evidence',
        description:
          'multipart/form-data: `kind` = `provision` (pdf) or `unit` (xml, pdf, png, jpg, jpeg), then `file` (one, up ' +
          'to 10 MiB, checked by its bytes). Answers fileId and url; the file is the uploader’s until a save ' +
          'references it by fileId. 413 too large, 415 wrong type; 409 when the caller already holds too many ' +
          'uploads no save used (300 files or 300 MiB), 429 over 60 uploads a minute. An upload no save uses ' +
          'within a day is removed.',
        consumes: ['multipart/form-data'],
        response: {
          201: documentUploadResponse,
          ...errors,
          409: errorResponse,
          413: errorResponse,
          415: errorResponse,
          429: errorResponse,
        },
      },
      // Per user, after authentication (decision 071): a dealer filling a wizard uploads a few a minute.
      config: {
        rateLimit: {
          max: DOCUMENT_UPLOADS_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request) => `documents:user:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const form = await receiveFile(request, DOCUMENT_UPLOAD);
      try {
        return reply.code(201).send(await documents.upload(actor, form, request.id));
      } finally {
        await form.discard();
      }
    },
  );

  r.delete(
    '/api/documents/:fileId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one’s own upload that no save attached yet (attached → 409; anyone else’s → 404)',
        params: documentParams,
        response: { 204: z.null(), ...errors, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await documents.remove(currentUser(request), request.params.fileId, request.id);
      return reply.code(204).send(null);
    },
  );
}
