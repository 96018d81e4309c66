import { z } from 'zod';
import { DEFAULT_UPLOAD_EXTENSIONS, DEFAULT_UPLOAD_MAX_BYTES, DESCRIPTION_MAX } from '../limits';
import { requiredText } from '../validation';
import { MESSAGES } from '../messages';
import { envelope, isoDate, paged, pageQuery, rowVersion, folioFilter } from './common';
import { idParam } from './inputs';
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
  /** The customer (spec 3 §3 company{name}): the list's column for types 2 and 3. */
  company: z.object({ id: z.number().int(), name: z.string() }),
  commentOF: z.string().nullable(),
  commentAF: z.string().nullable(),
  isApproved: z.boolean().nullable(),
  operatorId: z.number().int().nullable(),
  adminId: z.number().int().nullable(),
  /** Sent back with a status change (docs/decisions/016). */
  version: z.number().int(),
  createdAt: z.string(),
  evidences: z.array(evidenceResponse),
});
export type ExceptionResponse = z.infer<typeof exceptionResponse>;
/** The created request, with the folio the success message quotes. */
export const createExceptionResponse = envelope(exceptionResponse);

/** The list's default order (spec 3 §9: exceptions by date descending). */
export const EXCEPTIONS_DEFAULT_SORT = 'createdAt:desc';

const exceptionStatusCode = z.coerce
  .number({ error: MESSAGES.badRequest })
  .int({ message: MESSAGES.badRequest })
  .min(EXCEPTION_STATUS.PENDING, { message: MESSAGES.badRequest })
  .max(EXCEPTION_STATUS.REJECTED, { message: MESSAGES.badRequest });

/**
 * GET /api/exceptions (spec 3 §7: account, company, folio, type, from, to, status[] repeated), paged and sorted by
 * the server (ARCHITECTURE §4). The statuses are narrowed to the caller's type's (spec 3 §4) whatever is asked.
 */
export const exceptionListQuery = pageQuery.extend({
  account: idParam().optional(),
  company: idParam().optional(),
  folio: folioFilter(),
  type: z.coerce.number({ error: MESSAGES.badRequest }).int().min(1).max(32_767).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(exceptionStatusCode).max(4, { message: MESSAGES.badRequest }).optional(),
  ),
});
export type ExceptionListQuery = z.infer<typeof exceptionListQuery>;
export const exceptionListResponse = paged(exceptionResponse);
export const exceptionDetailResponse = envelope(exceptionResponse);

/**
 * PUT /api/exceptions/{id} (spec 3 §7): a multipart form like the request's (decision 040), its text fields here and
 * the step's evidence as the `evidence` part. `status` names the step (1 observations, 2 approve, 3 reject);
 * operatorId and adminId come from the session; commentAF of an approval is the spec's fixed text.
 */
export const updateExceptionRequest = z
  .object({
    status: z.coerce.number({ error: MESSAGES.badRequest }).int().min(1).max(3),
    version: z.coerce.number({ error: MESSAGES.required }).pipe(rowVersion),
    commentOF: z.string().trim().max(DESCRIPTION_MAX).optional(),
    isApproved: z.enum(['true', 'false']).optional(),
    commentAF: z.string().trim().max(DESCRIPTION_MAX).optional(),
  })
  .superRefine((form, ctx) => {
    if (form.status === EXCEPTION_STATUS.REVIEWED) {
      if (!form.commentOF) ctx.addIssue({ code: 'custom', path: ['commentOF'], message: MESSAGES.required });
      if (!form.isApproved) ctx.addIssue({ code: 'custom', path: ['isApproved'], message: MESSAGES.required });
    }
    if (form.status === EXCEPTION_STATUS.REJECTED && !form.commentAF) {
      ctx.addIssue({ code: 'custom', path: ['commentAF'], message: MESSAGES.required });
    }
  });
export type UpdateExceptionRequest = z.infer<typeof updateExceptionRequest>;
export const updateExceptionResponse = envelope(exceptionResponse);
