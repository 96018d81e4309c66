import { z } from 'zod';
import { envelope, isoDate } from './common';
import { idParam } from './inputs';

/** Audits (spec 3 §3 "Audit"): the auditor's name is 1 to 150 characters (spec 3 §5 "Audit form", §9). */
export const AUDITOR_MAX = 150;

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
