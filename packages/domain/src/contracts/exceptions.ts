import { z } from 'zod';
import { DEFAULT_UPLOAD_EXTENSIONS, DEFAULT_UPLOAD_MAX_BYTES, DESCRIPTION_MAX } from '../limits';
import { requiredText } from '../validation';
import { envelope } from './common';
import { evidenceResponse } from './files';

/** Exception statuses (spec 3 §4): 0 pending, 1 reviewed by the operator, 2 approved, 3 rejected. */
export const EXCEPTION_STATUS = { PENDING: 0, REVIEWED: 1, APPROVED: 2, REJECTED: 3 } as const;
/** Requests default to type 1 (spec 1 §3, spec 3 §3). */
export const DEFAULT_EXCEPTION_TYPE = 1;

/**
 * The customer's evidence: one file of the default upload extensions (spec 1 §5, §9: .jpg and .png), checked by
 * the dialog (FileField) and again by the server, which also sniffs the bytes.
 */
export const EXCEPTION_EVIDENCE_RULE = {
  extensions: DEFAULT_UPLOAD_EXTENSIONS,
  maxBytes: DEFAULT_UPLOAD_MAX_BYTES,
} as const;

/**
 * POST /api/exceptions, the multipart form's text fields (spec 3 §3 "Exception request payload"). Account,
 * company and registerBy come from the session, never from the form; the file travels as the `evidence` part.
 */
export const createExceptionRequest = z.object({
  comment: requiredText(1, DESCRIPTION_MAX),
  type: z.coerce.number().int().min(1).max(32_767).default(DEFAULT_EXCEPTION_TYPE),
});
export type CreateExceptionRequest = z.infer<typeof createExceptionRequest>;

export const exceptionResponse = z.object({
  id: z.number().int(),
  folio: z.string(),
  type: z.number().int(),
  comment: z.string(),
  status: z.number().int(),
  accountId: z.number().int(),
  companyId: z.number().int(),
  registerBy: z.number().int().nullable(),
  createdAt: z.string(),
  evidences: z.array(evidenceResponse),
});
export type ExceptionResponse = z.infer<typeof exceptionResponse>;
/** The created request, with the folio the success message quotes. */
export const createExceptionResponse = envelope(exceptionResponse);
