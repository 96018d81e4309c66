import { z } from 'zod';
import { MESSAGES } from '../messages';
import { AUDIT_MESSAGES } from '../messages-financing';
import { allFlag, envelope, isoDate, pageQuery, paged, rowVersion } from './common';
import { idParam, idSchema, textSchema } from './inputs';

/** Audits (spec 3 §3 "Audit"): the auditor's name is 1 to 150 characters (spec 3 §5 "Audit form", §9). */
export const AUDITOR_MAX = 150;
/** Ours (the spec gives no limit): the description is a paragraph, like an attachment's but longer. */
export const AUDIT_DESCRIPTION_MAX = 500;

/** The day fields as the form and the API send them (spec 3 §3: YYYY-MM-DD). */
const auditDay = z.string({ error: MESSAGES.required }).min(1, { message: MESSAGES.required }).pipe(isoDate);

/**
 * The audit form's fields, 'Datos de la Auditoria' (spec 3 §2, §5 "Audit form"): auditor 1–150, description,
 * account, company and the suspend choice, all required; the days. registerBy is the session's, never the body's.
 * The order of the days is a business rule (422, service) — the form adds it as a field error (financing/audits).
 */
export const auditFields = z.object({
  auditor: textSchema(AUDITOR_MAX, { min: 1 }),
  description: textSchema(AUDIT_DESCRIPTION_MAX, { min: 1, multiline: true }),
  accountId: idSchema(MESSAGES.required),
  companyId: idSchema(MESSAGES.required),
  isSuspended: z.boolean({ error: AUDIT_MESSAGES.suspendRequired }),
  initialDate: auditDay,
  endDate: auditDay,
});
/** POST /audits (spec 3 §7). */
export const createAuditRequest = auditFields;
export type CreateAuditRequest = z.infer<typeof createAuditRequest>;
/** PUT /audits/{id} (spec 3 §7: the same body), plus the version the form read (decision 016). */
export const updateAuditRequest = auditFields.extend({ version: rowVersion });
export type UpdateAuditRequest = z.infer<typeof updateAuditRequest>;

/** An audit as the list, the form and the calendar read it (spec 3 §3). Days are YYYY-MM-DD, both inclusive. */
export const auditResponse = z.object({
  id: z.number().int(),
  folio: z.string(),
  auditor: z.string(),
  description: z.string(),
  accountId: z.number().int(),
  companyId: z.number().int(),
  isSuspended: z.boolean(),
  /** LOT_AUDIT_STATUS: 1 Abierta, 2 Cerrada (decision 081). */
  status: z.number().int(),
  registerBy: z.number().int().nullable(),
  initialDate: isoDate,
  endDate: isoDate,
  account: z.object({ name: z.string() }),
  company: z.object({ name: z.string() }),
  version: z.number().int(),
  /** What the caller may do to it now (decision 077): Editar only while it is open, and only the lender. */
  can: z.object({ edit: z.boolean() }),
});
export type AuditResponse = z.infer<typeof auditResponse>;
export const auditDetailResponse = envelope(auditResponse);
export const auditSavedResponse = envelope(auditResponse);

/**
 * GET /audits (spec 3 §7: params account, registerBy; §6: the caller's own audits). Paged, by company name
 * ascending (spec 3 §9). `from`/`to` keep the audits whose days touch that range (the calendar's visible weeks),
 * and `all=true` answers them at once.
 */
export const auditListQuery = pageQuery.extend({
  account: idParam().optional(),
  registerBy: idParam().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  all: allFlag,
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
export const AUDITS_DEFAULT_SORT = 'company:asc';
export const auditListResponse = paged(auditResponse);

/**
 * GET /audits/validate-process (spec 3 §7): may a dealer draw on this account and company on this day? A type 5
 * caller's own account and company are the default; other callers name both, within their scope.
 */
export const validateProcessQuery = z.object({
  account: idParam().optional(),
  company: idParam().optional(),
  date: isoDate.optional(),
});
export type ValidateProcessQuery = z.infer<typeof validateProcessQuery>;

/** The facts and the verdict of spec 3 §4 "Disposition eligibility check" (domain provisionEligibility). */
export const validateProcess = z.object({
  canProvision: z.boolean(),
  messages: z.array(z.string()),
  pendingBalances: z.number().int(),
  auditsInProgress: z.number().int(),
  latestExceptionStatus: z.number().int().nullable(),
});
export type ValidateProcess = z.infer<typeof validateProcess>;
export const validateProcessResponse = envelope(validateProcess);
