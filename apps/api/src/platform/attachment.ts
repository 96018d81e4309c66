import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './uploads';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file a route answers with: its name and type, and its bytes or a stream of known size. */
export type Attachment = { name: string; contentType: string } & (
  { bytes: Buffer } | { stream: Readable; size: number }
);

/**
 * Every file the API answers with, the same way: always a download, never rendered by the browser (attachment,
 * nosniff), and never kept by a cache on the way (private, no-store) — a signed document or a units list is a
 * dealer's private data.
 */
export function sendAttachment(reply: FastifyReply, file: Attachment): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if ('stream' in file) return reply.header('content-length', file.size).send(file.stream);
  return reply.send(file.bytes);
}
