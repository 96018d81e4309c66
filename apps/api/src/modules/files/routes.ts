import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, fileLinkResponse, idParams, signedFileQuery } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { attachmentDisposition } from '../../platform/uploads';
import type { Download, FilesService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Always a download, never rendered by the browser: attachment, the sniffed type, nosniff, no caching. */
export function sendDownload(reply: FastifyReply, download: Download) {
  return reply
    .header('content-type', download.contentType)
    .header('content-length', download.size)
    .header('content-disposition', attachmentDisposition(download.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(download.stream);
}

/** Files (issue 13): scoped download, a 5-minute signed link to it, and that link's download. */
export async function fileRoutes(app: FastifyInstance, { files }: { files: FilesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/files/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Download a file (attachment) whose exception, provision or unit is in the caller’s scope',
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => sendDownload(reply, await files.download(currentUser(request), request.params.id)),
  );

  r.get(
    '/api/files/:id/link',
    {
      schema: {
        tags,
        security,
        summary: 'A signed download link for the file, valid for 5 minutes (to open in a new tab)',
        params: idParams,
        response: { 200: fileLinkResponse, ...errors },
      },
    },
    async (request) => ({ data: await files.link(currentUser(request), request.params.id) }),
  );

  r.get(
    '/api/files/:id/signed',
    {
      schema: {
        tags,
        summary: 'Download through a signed link (no session: the link is the permission; expired or altered → 403)',
        params: idParams,
        querystring: signedFileQuery,
        response: errors,
      },
    },
    async (request, reply) =>
      sendDownload(reply, await files.downloadSigned(request.params.id, request.query.expires, request.query.sig)),
  );
}
