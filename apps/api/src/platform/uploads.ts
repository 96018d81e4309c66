import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppErrorCode, DEFAULT_UPLOAD_MAX_BYTES, MESSAGES } from '@planpiso/domain';
import { AppError, badRequest } from './errors';

/** What the upload routes accept at most: one file, a few short text fields (issue 13). */
const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12, headerPairs: 100 };
/** Enough bytes for file-type to recognise every format we accept. */
const SNIFF_BYTES = 4100;

export const fileTooLarge = () => new AppError(AppErrorCode.FILE_TOO_LARGE);
export const fileTypeRefused = (message: string = MESSAGES.fileInvalidType) =>
  new AppError(AppErrorCode.FILE_TYPE_NOT_ALLOWED, { message });

/** Registers @fastify/multipart with the default limits; each route narrows them with `receiveFile`. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { ...FORM_LIMITS, fileSize: DEFAULT_UPLOAD_MAX_BYTES },
    throwFileSizeLimit: true,
  });
}

/** An accepted file, waiting in a temporary file until the caller stores it (then `discard()`). */
export type ReceivedFile = {
  /** Sanitised: no directories, no control or reserved characters (`safeFileName`). */
  originalName: string;
  /** Lower case, without the dot, as the name says and the bytes agree. */
  extension: string;
  /** What the bytes are (sniffed), never what the browser claimed. */
  contentType: string;
  size: number;
  sha256: string;
  tempPath: string;
};

export type ReceivedForm = {
  fields: Record<string, string>;
  file: ReceivedFile | null;
  /** Removes the temporary file; safe to call more than once. */
  discard(): Promise<void>;
};

export type FileRule = {
  /** The multipart part that carries the file. */
  field: string;
  /**
   * Extensions, with or without the dot (`.png`, `pdf`); or 'any' (spec 3 §5: the units-under-review upload allows
   * any extension), where the bytes must still not contradict the name and an executable is refused (`sniffAny`).
   */
  allowed: readonly string[] | 'any';
  maxBytes?: number;
  /**
   * File parts the form may carry (default 1, more is refused); only the first in `field` is kept, the rest are
   * drained (spec 3 §5: the units-under-review upload sends only the first file of a multiple choice).
   */
  maxFiles?: number;
  /** The refusal of a file of another type, in the words of the screen that asked (default 'Tipo de archivo inválido'). */
  typeRefusal?: string;
};

/** Sniffed types (file-type's extension) each accepted extension must show. XML has no magic number. */
const SNIFFED: Record<string, string> = { pdf: 'pdf', png: 'png', jpg: 'jpg', jpeg: 'jpg', xml: 'xml' };
const CONTENT_TYPES: Record<string, string> = { xml: 'application/xml' };

/**
 * Reads a multipart form: its text fields, and at most one file in `rule.field`, streamed to a temporary file while
 * it is counted and hashed. The file is refused — and nothing is kept — when it is larger than `maxBytes` (413),
 * when its extension is not allowed, or when its bytes are not what the extension says (415).
 */
export async function receiveFile(request: FastifyRequest, rule: FileRule): Promise<ReceivedForm> {
  const maxBytes = rule.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  const allowed = rule.allowed === 'any' ? 'any' : rule.allowed.map((e) => e.replace(/^\./, '').toLowerCase());
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  const temps: string[] = [];
  const discard = async () => {
    await Promise.all(temps.splice(0).map((path) => rm(path, { force: true })));
  };

  if (!request.isMultipart()) {
    throw new AppError(AppErrorCode.UNSUPPORTED_MEDIA_TYPE);
  }
  try {
    for await (const part of request.parts({
      limits: {
        ...FORM_LIMITS,
        files: rule.maxFiles ?? 1,
        parts: FORM_LIMITS.parts + (rule.maxFiles ?? 1),
        fileSize: maxBytes,
      },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== rule.field || file) {
        // Not ours: drain it so the form keeps parsing.
        part.file.resume();
        continue;
      }
      const originalName = safeFileName(part.filename);
      const extension = extensionOf(originalName);
      if (allowed !== 'any' && !allowed.includes(extension)) {
        part.file.resume();
        throw fileTypeRefused(rule.typeRefusal);
      }
      const tempPath = await tempFile();
      temps.push(tempPath);
      const measured = await writeMeasured(part.file, tempPath);
      if (part.file.truncated || measured.size > maxBytes) throw fileTooLarge();
      if (measured.size === 0) throw new AppError(AppErrorCode.FILE_EMPTY);
      const contentType =
        allowed === 'any' ? await sniffAny(measured.head, extension) : await sniff(measured.head, extension);
      if (!contentType) throw fileTypeRefused(rule.typeRefusal);
      file = { originalName, extension, contentType, size: measured.size, sha256: measured.sha256, tempPath };
    }
  } catch (error) {
    await discard();
    throw asUploadError(error);
  }
  return { fields, file, discard };
}

/** @fastify/multipart's codes for a form with more parts than the route allows. */
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * @fastify/multipart's own limits (file size, number of files or fields) and busboy's refusals of a form it cannot
 * read (no boundary, a truncated part, no closing boundary, a boundary over 70 characters) answer in the
 * catalogue's words (issue 27 item 9). Only the system's own failures (the disk: an error with a `syscall`) stay
 * 500s.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const {
    statusCode: status,
    code,
    syscall,
  } = (error ?? {}) as { statusCode?: unknown; code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && TOO_MANY_PARTS.has(code)) return new AppError(AppErrorCode.TOO_MANY_FILES);
  if (status === 413) return fileTooLarge();
  if (status === 406) return new AppError(AppErrorCode.UNSUPPORTED_MEDIA_TYPE);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return badRequest();
  }
  if (status === undefined && syscall === undefined && error instanceof Error) {
    return new AppError(AppErrorCode.MALFORMED_FORM);
  }
  return error;
}

async function tempFile(): Promise<string> {
  const dir = join(tmpdir(), 'planpiso-uploads');
  await mkdir(dir, { recursive: true });
  return join(dir, randomUUID());
}

async function writeMeasured(source: NodeJS.ReadableStream, path: string) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headBytes < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      }
      done(null, chunk);
    },
  });
  await pipeline(source, measure, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  return { size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
}

/** The content type when the bytes are what `extension` claims; null otherwise. */
export async function sniff(head: Buffer, extension: string): Promise<string | null> {
  const expected = SNIFFED[extension];
  if (!expected) return null;
  const found = await fileTypeFromBuffer(head);
  if (found) return found.ext === expected ? found.mime : null;
  return expected === 'xml' && looksLikeXml(head) ? CONTENT_TYPES.xml! : null;
}

/** Sniffed types never stored, whatever the name says: programs. */
const EXECUTABLES = new Set(['exe', 'elf', 'mach', 'msi', 'class', 'dmg', 'deb', 'rpm', 'apk', 'wasm']);
/** Names file-type gives another spelling of. */
const SAME_TYPE: Record<string, string> = { jpeg: 'jpg', tiff: 'tif', htm: 'html' };

/**
 * The content type of a file whose extension is free (spec 3 §5, units under review): an extension we sniff (pdf,
 * png, jpg, xml) must be what it says; bytes file-type recognises must match the name; unrecognised bytes (text,
 * csv, ...) are stored as application/octet-stream; programs are refused. Downloads are always attachments with
 * nosniff (modules/files), so a stored file is never rendered by the browser.
 */
export async function sniffAny(head: Buffer, extension: string): Promise<string | null> {
  if (SNIFFED[extension]) return sniff(head, extension);
  const found = await fileTypeFromBuffer(head);
  if (!found) return 'application/octet-stream';
  if (EXECUTABLES.has(found.ext)) return null;
  return found.ext === (SAME_TYPE[extension] ?? extension) ? found.mime : null;
}

/** XML (a CFDI invoice) has no magic number: after an optional BOM and white space it starts with '<'. */
export function looksLikeXml(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<?xml') || /^<[A-Za-z_!]/.test(text);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The user's file name as we keep it (for Content-Disposition only, never for a path): the last path segment,
 * without control characters or characters file systems and headers reserve, at most 255 characters with the
 * extension kept. '../../etc/passwd.pdf' becomes 'passwd.pdf'.
 */
export function safeFileName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // \p{Cc}: control characters (a CR/LF would end a header line).
    .replace(/[\p{Cc}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  if (!cleaned) return 'archivo';
  if (cleaned.length <= 255) return cleaned;
  const extension = extensionOf(cleaned);
  const tail = extension ? `.${extension}`.slice(0, 20) : '';
  return cleaned.slice(0, 255 - tail.length) + tail;
}

/**
 * `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266), so a name can never break out of the
 * header nor be taken for a path.
 */
export function attachmentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._ ()-]/g, '_') || 'archivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
