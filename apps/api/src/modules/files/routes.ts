import type { FastifyInstance } from 'fastify';
import { FILE_OPERATIONS } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import { sendAttachment } from '../../platform/attachment';
import type { FilesService } from './service';

/** Files (issue 13): scoped download, a 5-minute signed link to it, and that link's download. */
export async function fileRoutes(app: FastifyInstance, { files }: { files: FilesService }) {
  operationRoute(app, FILE_OPERATIONS.downloadFile, async ({ params }, request, reply) =>
    sendAttachment(reply, await files.download(currentUser(request), params.id)),
  );
  operationRoute(app, FILE_OPERATIONS.fileLink, readRow(files.link));
  operationRoute(app, FILE_OPERATIONS.signedDownload, async ({ params, query }, _request, reply) =>
    sendAttachment(reply, await files.downloadSigned(params.id, query.expires, query.sig)),
  );
}
