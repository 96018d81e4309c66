import { z } from 'zod';
import { documentParams, documentUploadResponse } from '../contracts/provisions';
import { defineOperation } from './operation';

const tags = ['documents'];
/** The dealer operator who saves provisions (spec 3 §6). */
const dealerOperator = [5] as const;

/** Documents a provision save attaches (spec 3 §7 "document upload", "document delete"; decision 029). */
export const DOCUMENT_OPERATIONS = {
  uploadDocument: defineOperation({
    method: 'POST',
    path: '/api/documents',
    tags,
    who: dealerOperator,
    summary: 'Upload a document before a save: the provision’s annex (pdf) or a unit’s evidence',
    description:
      'multipart/form-data: `kind` = `provision` (pdf) or `unit` (xml, pdf, png, jpg, jpeg), then `file` (one, up ' +
      'to 10 MiB, checked by its bytes). Answers fileId and url; the file is the uploader’s until a save ' +
      'references it by fileId. 413 too large, 415 wrong type; 409 when the caller already holds too many ' +
      'uploads no save used (300 files or 300 MiB), 429 over 60 uploads a minute. An upload no save uses ' +
      'within a day is removed.',
    multipart: true,
    response: documentUploadResponse,
    status: 201,
    errors: [409, 413, 415, 429],
    idempotent: true,
  }),
  deleteDocument: defineOperation({
    method: 'DELETE',
    path: '/api/documents/:fileId',
    tags,
    who: dealerOperator,
    summary: 'Delete one’s own upload that no save attached yet (attached → 409; anyone else’s → 404)',
    params: documentParams,
    response: z.null(),
    status: 204,
    errors: [409],
  }),
} as const;
