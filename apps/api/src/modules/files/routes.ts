import type { FastifyInstance, FastifyReply } from 'fastify';
import { FILE_OPERATIONS } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import { attachmentDisposition } from '../../platform/uploads';
import type { Download, FilesService } from './service';

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
  operationRoute(app, FILE_OPERATIONS.downloadFile, async ({ params }, request, reply) =>
    sendDownload(reply, await files.download(currentUser(request), params.id)),
  );
  operationRoute(app, FILE_OPERATIONS.fileLink, async ({ params }, request) => ({
    data: await files.link(currentUser(request), params.id),
  }));
  operationRoute(app, FILE_OPERATIONS.signedDownload, async ({ params, query }, _request, reply) =>
    sendDownload(reply, await files.downloadSigned(params.id, query.expires, query.sig)),
  );
}
