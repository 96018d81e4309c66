import { z } from 'zod';
import { TEXT_MAX } from '../limits';
import { allFlag, isoDate, pageQuery, paged } from './common';

/**
 * Read-only look-ups of accounts, companies and branches for the user form and the users filters (spec 1 §2.5,
 * §2.6; spec 2 §7). Paged like every list, or everything at once with `all=true` for a dropdown. The
 * organisation issue adds the full account, company and branch screens on top of these.
 */
const lookupQuery = pageQuery.extend({
  all: allFlag,
  name: z.string().trim().max(TEXT_MAX).optional(),
  active: z.enum(['true', 'false']).optional(),
});

export const accountLookupQuery = lookupQuery;
export type AccountLookupQuery = z.infer<typeof accountLookupQuery>;
export const ACCOUNTS_LOOKUP_DEFAULT_SORT = 'name:asc';
export const accountLookupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 Holding, 2 Persona moral/física (spec 2 §9). */
  type: z.number().int(),
  isActive: z.boolean(),
});
export type AccountLookupItem = z.infer<typeof accountLookupItem>;
export const accountLookupResponse = paged(accountLookupItem);

/** A company as the user form and GET /users/{id}/companies show it (spec 2 §7: accountId, id, name, clientId). */
export const companyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  legalName: z.string().nullable(),
  clientId: z.string().nullable(),
  accountId: z.number().int(),
  isActive: z.boolean(),
});
export type CompanyItem = z.infer<typeof companyItem>;
export const companyLookupQuery = lookupQuery;
export type CompanyLookupQuery = z.infer<typeof companyLookupQuery>;
export const COMPANIES_LOOKUP_DEFAULT_SORT = 'name:asc';
export const companyLookupResponse = paged(companyItem);

export const agencyLookupQuery = lookupQuery.extend({
  account: z.coerce.number().int().positive().optional(),
  company: z.coerce.number().int().positive().optional(),
  /** Created from / to (YYYY-MM-DD, Mexico City days): the branches list's date range (spec 2 §2). */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AgencyLookupQuery = z.infer<typeof agencyLookupQuery>;
export const AGENCIES_LOOKUP_DEFAULT_SORT = 'name:asc';
export const agencyLookupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  accountId: z.number().int(),
  companyId: z.number().int(),
  isActive: z.boolean(),
  address: z.string(),
  account: z.object({ id: z.number().int(), name: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: isoDate,
});
export type AgencyLookupItem = z.infer<typeof agencyLookupItem>;
export const agencyLookupResponse = paged(agencyLookupItem);
