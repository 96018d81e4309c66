import { z } from 'zod';
import { PHONE_MAX_DIGITS, PHONE_PATTERN, TEXT_MAX } from '../limits';
import { MESSAGES, additionalEmailsInvalid, maxChars } from '../messages';
import { requiredEmail, requiredText } from '../validation';
import { envelope, isoDate, pageQuery, paged, rowVersion } from './common';
import { hasControlCharacters, idParam, idSchema, searchText } from './inputs';
import { companyItem } from './organisation-lookups';

const ADDITIONAL_EMAILS_MAX = 3000;
const EMAIL_PATTERN = /^[^\s@;]+@[^\s@;]+\.[^\s@;]+$/;

/** Splits the semicolon-separated additional e-mails (spec 1 §3), ignoring blanks. */
export function splitAdditionalEmails(value: string): string[] {
  return value
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
}

const id = idSchema(MESSAGES.required);
/**
 * The role picker starts empty (null): that is 'Campo requerido.' as a refinement, not a type error, so the form's
 * other messages (userFormFor's account and company) still show on the same submit.
 */
const requiredId = id
  .nullable()
  .refine((value) => value !== null, { message: MESSAGES.required })
  .transform((value) => value as number);

/** The user form's fields and rules (spec 1 §5), shared by the screen and the server. */
export const userFields = z.object({
  firstname: requiredText(1, TEXT_MAX),
  lastname: requiredText(1, TEXT_MAX),
  email: requiredEmail(TEXT_MAX),
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX_DIGITS, { message: maxChars(PHONE_MAX_DIGITS) })
    .refine((v) => v === '' || PHONE_PATTERN.test(v), { message: MESSAGES.phoneInvalid })
    .default(''),
  additionalEmails: z
    .string()
    .trim()
    // Ours: the spec gives no limit; 20 addresses of 150 characters fit.
    .max(ADDITIONAL_EMAILS_MAX, { message: maxChars(ADDITIONAL_EMAILS_MAX) })
    .superRefine((value, ctx) => {
      if (hasControlCharacters(value)) return void ctx.addIssue({ code: 'custom', message: MESSAGES.badRequest });
      const wrong = splitAdditionalEmails(value).find((e) => !EMAIL_PATTERN.test(e));
      if (wrong !== undefined) ctx.addIssue({ code: 'custom', message: additionalEmailsInvalid(wrong) });
    })
    .default(''),
  roleId: requiredId,
  accountId: id.nullish(),
  companyId: id.nullish(),
  agencyId: id.nullish(),
});

/** accountId and companyId are required when the creator is type 3 (spec 1 §5). */
export function userFormFor(creatorType: number) {
  return userFields.superRefine((value, ctx) => {
    if (creatorType !== 3) return;
    if (!value.accountId) ctx.addIssue({ code: 'custom', path: ['accountId'], message: MESSAGES.required });
    if (!value.companyId) ctx.addIssue({ code: 'custom', path: ['companyId'], message: MESSAGES.required });
  });
}

export const createUserRequest = userFields;
export type CreateUserRequest = z.infer<typeof createUserRequest>;
/** legalId, isArchived and awsId are never taken from an update (spec 1 §3): zod strips unknown keys. */
export const updateUserRequest = userFields;
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const userResponse = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  additionalEmails: z.string(),
  phone: z.string(),
  type: z.number().int(),
  roleId: z.number().int().nullable(),
  accountId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  agencyId: z.number().int().nullable(),
  registerBy: z.number().int().nullable(),
  isActive: z.boolean(),
  /** The row's version: a status change sends it back, and a stale one is refused (docs/decisions/016). */
  version: z.number().int(),
  createdAt: isoDate,
  role: z.object({ name: z.string() }).nullable(),
});
export type UserResponse = z.infer<typeof userResponse>;

export const userListQuery = pageQuery.extend({
  name: searchText(TEXT_MAX),
  email: searchText(TEXT_MAX),
  registerBy: idParam().optional(),
  account: idParam().optional(),
  company: idParam().optional(),
  agency: idParam().optional(),
  role: idParam().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;
/** Default sort of the users list (spec 1 §9). */
export const USERS_DEFAULT_SORT = 'email:asc';

export const userListResponse = paged(userResponse);
export const userDetailResponse = envelope(userResponse);
/** POST /users and PUT /users/{id}: the saved user and the spec's success message (spec 1 §8). */
export const userSavedResponse = envelope(userResponse);
/** GET /users/{id}/companies: every company assigned to the user (a handful; not paged). */
export const userCompaniesResponse = paged(companyItem);

export const setActiveRequest = z.object({ active: z.boolean({ error: MESSAGES.required }) });
/**
 * The user and role status toggles (spec 1 §4): the inverse of the value the screen showed, and the version it
 * read with it; a row changed since answers 409 STALE_VERSION (docs/decisions/016).
 */
export const setActiveAtVersionRequest = setActiveRequest.extend({ version: rowVersion });
export type SetActiveAtVersionRequest = z.infer<typeof setActiveAtVersionRequest>;
export const userActiveResponse = envelope(z.object({ isActive: z.boolean(), version: z.number().int() }));
export const resendResponse = envelope(z.object({ firstname: z.string(), lastname: z.string() }));
