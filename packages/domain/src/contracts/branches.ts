import { z } from 'zod';
import { MESSAGES } from '../messages';
import { envelope, isoDate, pageQuery, paged } from './common';
import { idSchema, nameSchema, textSchema } from './inputs';

/** spec 2 §5: address 0–300 characters. */
export const ADDRESS_MAX = 300;

const id = idSchema;

/** The branch form, 'Datos de la sucursal' (spec 2 §2, §5): name, account, company and address. */
export const branchFields = z.object({
  name: nameSchema(),
  accountId: id(MESSAGES.required),
  companyId: id(MESSAGES.required),
  address: textSchema(ADDRESS_MAX).default(''),
});
export const createBranchRequest = branchFields;
export type CreateBranchRequest = z.infer<typeof createBranchRequest>;
export const updateBranchRequest = branchFields;

/** A branch as the list, the form and the modal read it (spec 2 §3). createdAt is the Mexico City day. */
export const branchResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  description: z.string(),
  accountId: z.number().int(),
  account: z.object({ id: z.number().int(), name: z.string() }),
  companyId: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  isActive: z.boolean(),
  createdAt: isoDate,
});
export type BranchResponse = z.infer<typeof branchResponse>;
export const branchDetailResponse = envelope(branchResponse);
export const branchSavedResponse = envelope(branchResponse);
export const branchActiveResponse = envelope(z.object({ isActive: z.boolean() }));

/** A user assigned to a branch (spec 2 §3 "Branch user"). */
export const branchUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
});
export type BranchUser = z.infer<typeof branchUser>;
export const branchUsersQuery = pageQuery;
export const BRANCH_USERS_DEFAULT_SORT = 'email:asc';
export const branchUsersResponse = paged(branchUser);
/** POST assigns, PATCH removes (spec 2 §7: "remove by user id"). */
export const branchUserRequest = z.object({ userId: id(MESSAGES.required) });
export const branchUserResponse = envelope(z.object({ userId: z.number().int() }));
