import { z } from 'zod';
import { DESCRIPTION_MAX, TEXT_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { optionalText, requiredText } from '../validation';
import { allFlag, envelope, isoDate, lookupSearch, pageQuery, paged } from './common';
import { idParam, searchText } from './inputs';

const roleType = z.coerce
  .number({ error: MESSAGES.required })
  .int()
  .refine((t) => t >= 1 && t <= 5, { message: MESSAGES.required });

/** Role form (spec 1 §5): name required 1–150; type required; description has no rule shown (ours: ≤ 250). */
export const roleFields = z.object({
  name: requiredText(1, TEXT_MAX),
  // The form's description is a multi-line field.
  description: optionalText(DESCRIPTION_MAX, true).default(''),
  type: roleType,
});
export const createRoleRequest = roleFields;
export type CreateRoleRequest = z.infer<typeof createRoleRequest>;
/** The type cannot change in edit mode (spec 1 §2.8): the server refuses a different type. */
export const updateRoleRequest = roleFields;
export type UpdateRoleRequest = z.infer<typeof updateRoleRequest>;

export const roleResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.number().int(),
  registerBy: z.number().int().nullable(),
  isActive: z.boolean(),
  /** The row's version: a status change sends it back, and a stale one is refused (docs/decisions/016). */
  version: z.number().int(),
  createdAt: isoDate,
});
export type RoleResponse = z.infer<typeof roleResponse>;

const repeated = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
  // A role type is 1–5 (spec 1 §3); anything else would reach a smallint column.
  z.array(z.coerce.number().int().min(1).max(5)).optional(),
);

export const roleListQuery = pageQuery.extend({
  ...lookupSearch.shape,
  type: repeated,
  registerBy: idParam().optional(),
  name: searchText(TEXT_MAX),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** true: only roles some user holds; false: only roles nobody holds (spec 1 §7 names it; its meaning is ours). */
  assigned: z.enum(['true', 'false']).optional(),
  /** Dropdowns ask for active roles only. */
  active: z.enum(['true', 'false']).optional(),
  all: allFlag,
});
export type RoleListQuery = z.infer<typeof roleListQuery>;
export const ROLES_DEFAULT_SORT = 'name:asc';
export const roleListResponse = paged(roleResponse);
export const roleDetailResponse = envelope(roleResponse);
/** POST /roles and PUT /roles/{id}: the saved role and the spec's success message (spec 1 §8). */
export const roleSavedResponse = envelope(roleResponse);
export const roleActiveResponse = envelope(z.object({ isActive: z.boolean(), version: z.number().int() }));
