import { z } from 'zod';
import { PHONE_PATTERN, TEXT_MAX } from '../limits';
import { MESSAGES, badFormat, maxChars } from '../messages';
import { ORGANISATION_MESSAGES } from '../messages-organisation';
import { companyCountValid } from '../organisation/account-rules';
import { allFlag, envelope, isoDate, lookupSearch, pageQuery, paged } from './common';
import { idParam, idSchema, nameSchema, searchText, textSchema } from './inputs';

/**
 * Read-only look-ups of accounts, companies and branches for the user form and the users filters (spec 1 §2.5,
 * §2.6; spec 2 §7). Paged like every list, or everything at once with `all=true` for a dropdown. The
 * organisation issue adds the full account, company and branch screens on top of these.
 */
const lookupQuery = pageQuery.extend({
  ...lookupSearch.shape,
  all: allFlag,
  name: searchText(TEXT_MAX),
  active: z.enum(['true', 'false']).optional(),
});

export const accountLookupQuery = lookupQuery.extend({
  /** 1 Holding, 2 Persona moral/física. */
  type: z.coerce.number().int().min(1).max(2).optional(),
  /** The operator (type 3 user id) the account is assigned to (spec 2 §7 `assigned`). */
  assigned: idParam().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AccountLookupQuery = z.infer<typeof accountLookupQuery>;
export const ACCOUNTS_LOOKUP_DEFAULT_SORT = 'name:asc';
export const accountLookupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 Holding, 2 Persona moral/física (spec 2 §9). */
  type: z.number().int(),
  isActive: z.boolean(),
  email: z.string().nullable(),
  /** The lender's operator assigned to the account (spec 2 §2: shown to types 1 and 2). */
  operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: isoDate,
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
  account: idParam().optional(),
  company: idParam().optional(),
  /** Branches of the accounts assigned to this operator (type 3 user id; spec 2 §7 `assigned`). */
  assigned: idParam().optional(),
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

/** An account with its companies and their legal representatives (the view modal, spec 2 §2). */
export const accountDetail = accountLookupItem.extend({
  companies: z.array(
    companyItem.extend({
      legals: z.array(
        z.object({
          id: z.number().int(),
          firstname: z.string(),
          lastname: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
          legalId: z.string().nullable(),
          isDefault: z.boolean(),
        }),
      ),
    }),
  ),
});
export type AccountDetail = z.infer<typeof accountDetail>;
export const accountDetailResponse = envelope(accountDetail);
export const archiveAccountRequest = z.object({ archive: z.literal(true) });
export const assignOperatorRequest = z.object({ userId: idSchema() });
export const accountActiveResponse = envelope(z.object({ isActive: z.boolean() }));
export const accountChangedResponse = envelope(z.object({ id: z.number().int() }));

/** The companies list (spec 2 "Companies": Nombre, Empresa, Fecha; filters name, account, date range). */
export const companyListQuery = pageQuery.extend({
  name: searchText(TEXT_MAX),
  account: idParam().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuery>;
export const COMPANIES_DEFAULT_SORT = 'name:asc';
export const companyListItem = companyItem.extend({
  account: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: isoDate,
});
export type CompanyListItem = z.infer<typeof companyListItem>;
export const companyListResponse = paged(companyListItem);

/** A user assigned to a company (spec 2 §3 "Company user assignment"); isDefault rows cannot be removed. */
export const companyUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  isDefault: z.boolean(),
  role: z.string().nullable(),
});
export type CompanyUser = z.infer<typeof companyUser>;
export const COMPANY_USERS_DEFAULT_SORT = 'email:asc';
export const companyUsersResponse = paged(companyUser);
export const assignCompanyUserRequest = z.object({
  userId: idSchema(),
  roleId: idSchema(),
});
export const removeCompanyUserRequest = z.object({ userId: idSchema() });
export const companyUserChangedResponse = envelope(z.object({ userId: z.number().int() }));

/** A legal representative in the wizard (spec 2 §3 "Legal person"), from the CRM by client number. */
export const wizardLegalPerson = z.object({
  firstname: textSchema(TEXT_MAX, { min: 1, required: ORGANISATION_MESSAGES.wizardInvalid }),
  lastname: textSchema(TEXT_MAX, { min: 1, required: ORGANISATION_MESSAGES.wizardInvalid }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(TEXT_MAX)
    .pipe(z.email({ message: ORGANISATION_MESSAGES.wizardInvalid })),
  // spec 2 §5: digits only, 8–13.
  phone: z.string().trim().regex(PHONE_PATTERN, { message: ORGANISATION_MESSAGES.wizardInvalid }),
  /** The CRM's id of the person (here: the client number plus the person's e-mail). */
  legalId: textSchema(50, { min: 1, required: ORGANISATION_MESSAGES.wizardInvalid }),
});

export const wizardCompany = z.object({
  clientId: textSchema(50, { min: 1, required: ORGANISATION_MESSAGES.wizardInvalid }),
  name: textSchema(TEXT_MAX, { min: 1, required: ORGANISATION_MESSAGES.wizardInvalid }),
  legalName: textSchema(250).default(''),
  legalPerson: wizardLegalPerson,
});

/** The wizard's first step, 'Datos' (spec 2 §5: the contact e-mail 1–150 with a valid pattern). */
export const accountDataFields = z.object({
  name: nameSchema(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: MESSAGES.required })
    .max(TEXT_MAX, { message: maxChars(TEXT_MAX) })
    .pipe(z.email({ message: badFormat('correo') })),
  type: z.union([z.literal(1), z.literal(2)], { error: MESSAGES.required }),
});
export type AccountDataFields = z.infer<typeof accountDataFields>;

/**
 * POST /accounts (spec 2 §2 wizard, §5): the account, its companies and one legal representative each. A type 2
 * account (Persona moral/física) has exactly one company; a Holding (type 1) one or more, each a different client.
 */
export const createAccountRequest = accountDataFields
  .extend({
    companies: z.array(wizardCompany).min(1, { message: ORGANISATION_MESSAGES.wizardInvalid }),
  })
  .superRefine((account, ctx) => {
    if (!companyCountValid(account.type, account.companies.length)) {
      ctx.addIssue({ code: 'custom', path: ['companies'], message: ORGANISATION_MESSAGES.wizardInvalid });
    }
    const clients = account.companies.map((c) => c.clientId);
    const emails = account.companies.map((c) => c.legalPerson.email);
    if (new Set(clients).size !== clients.length || new Set(emails).size !== emails.length) {
      ctx.addIssue({ code: 'custom', path: ['companies'], message: ORGANISATION_MESSAGES.wizardInvalid });
    }
  });
export type CreateAccountRequest = z.infer<typeof createAccountRequest>;
export const accountSavedResponse = envelope(accountDetail);

/**
 * PUT /accounts/{id} (spec 2 "Account edit"): the account's data is read-only, so only its companies are taken — the
 * whole list as it should be. A company with `id` stays (a `legalPerson` replaces its legal representative); one
 * without is added with its representative; a company left out is removed.
 */
export const updateAccountRequest = z
  .object({
    companies: z
      .array(
        wizardCompany.extend({
          id: idSchema().optional(),
          legalPerson: wizardLegalPerson.nullable(),
        }),
      )
      .min(1, { message: ORGANISATION_MESSAGES.wizardInvalid }),
  })
  .superRefine((account, ctx) => {
    const clients = account.companies.map((c) => c.clientId);
    const emails = account.companies.flatMap((c) => (c.legalPerson ? [c.legalPerson.email] : []));
    const newWithoutLegal = account.companies.some((c) => c.id === undefined && c.legalPerson === null);
    if (newWithoutLegal || new Set(clients).size !== clients.length || new Set(emails).size !== emails.length) {
      ctx.addIssue({ code: 'custom', path: ['companies'], message: ORGANISATION_MESSAGES.wizardInvalid });
    }
  });
export type UpdateAccountRequest = z.infer<typeof updateAccountRequest>;

/** GET /companies/{id}/agencies: the company's live branches by name (the branch pickers of spec 3). */
export const companyAgency = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  isActive: z.boolean(),
});
export const companyAgenciesResponse = envelope(z.array(companyAgency));

/** GET /companies/{id}/users-agencies: the company's users with the branches each is assigned to, by e-mail. */
export const companyUserAgencies = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: z.number().int(),
  agencies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CompanyUserAgencies = z.infer<typeof companyUserAgencies>;
export const companyUsersAgenciesResponse = envelope(z.array(companyUserAgencies));

/**
 * GET /companies/{id}/last-exception: the company's latest exception request (spec 3 §4: status 0 pending, 1
 * reviewed, 2 approved, 3 rejected), or null when it never asked for one. The provisions' eligibility reads it.
 */
export const lastException = z.object({
  id: z.number().int(),
  folio: z.string(),
  status: z.number().int(),
  isApproved: z.boolean().nullable(),
  comment: z.string(),
  createdAt: z.string(),
});
export type LastException = z.infer<typeof lastException>;
export const lastExceptionResponse = envelope(lastException.nullable());
