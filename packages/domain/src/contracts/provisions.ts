import { z } from 'zod';
import { PROVISION_STATUS } from '../financing/provision-status';
import { MESSAGES } from '../messages';
import { moneyDecimal } from '../money';
import {
  envelope,
  isoDate,
  pageQuery,
  paged,
  rowVersion,
  unitDescriptionShape,
  folioFilter,
  unitChecks,
} from './common';
import { evidenceResponse } from './files';
import { idParam, searchText } from './inputs';

/**
 * Provisions, the dealer side and the lists (spec 3 §2 "Provisions list", §3 "Provision", §7 "Provisions"; the
 * shape helpers build against is /work/wt/PROVISIONS-API.md, decision 029). The save bodies are in
 * financing/provision-requests.ts.
 */

/** The list's default order (spec 3 §9: provisions by date descending). */
export const PROVISIONS_DEFAULT_SORT = 'createdAt:desc';
export const PROVISION_SORT_FIELDS = ['createdAt', 'folio', 'total', 'countUnits', 'status'] as const;

const statusCode = z.coerce
  .number({ error: MESSAGES.badRequest })
  .int({ message: MESSAGES.badRequest })
  .min(PROVISION_STATUS.CREATED, { message: MESSAGES.badRequest })
  .max(PROVISION_STATUS.CANCELLED, { message: MESSAGES.badRequest });

/** `status=1&status=2` arrives as an array, `status=1` as a string: both are a list of status codes. */
const statusList = z.preprocess(
  (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
  z.array(statusCode).max(11, { message: MESSAGES.badRequest }).optional(),
);

/** A credit line in a query: the CRM's lineaCredito. */
const creditLineKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,50}$/, { message: MESSAGES.badRequest });

/**
 * GET /api/provisions and GET /api/provisions/account-assigned/{userId} (spec 3 §7: creditLine, folio, registerBy,
 * from, to, agency, status repeated, companyName, account, company), paged and sorted by the server.
 */
export const provisionListQuery = pageQuery.extend({
  /** The provision number as users quote it: the folio, or the manual folio when the provision uses one. */
  folio: folioFilter(),
  /** Customer (company) name, contains, case-insensitive (lender roles, spec 3 §2). */
  companyName: searchText(),
  /** The branch id (dealer roles). */
  agency: idParam().optional(),
  /** The operator (type 5 user) who registered it. */
  registerBy: idParam().optional(),
  status: statusList,
  /** Created between these Mexico City days, both inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  creditLine: creditLineKey.optional(),
  account: idParam().optional(),
  company: idParam().optional(),
});
export type ProvisionListQuery = z.infer<typeof provisionListQuery>;
export type ProvisionListQueryInput = z.input<typeof provisionListQuery>;

/** One row of the list (spec 3 §2 columns: number, customer or operator, type, amount, status, units, date). */
export const provisionListItem = z.object({
  id: z.number().int(),
  /** What users quote: the manual folio when `useManualFolio`, else the folio. */
  folio: z.string(),
  status: z.number().int(),
  companyName: z.string(),
  operatorName: z.string(),
  agencyName: z.string(),
  /** '100000000' Nuevos, '100000001' Seminuevos. */
  typeLine: z.string(),
  total: moneyDecimal,
  countUnits: z.number().int(),
  /** ISO timestamp; the grid shows it dd/MM/yyyy HH:mm in Mexico City time. */
  createdAt: z.string(),
  version: z.number().int(),
});
export type ProvisionListItem = z.infer<typeof provisionListItem>;
export const provisionListResponse = paged(provisionListItem);
export type ProvisionListResponse = z.infer<typeof provisionListResponse>;

/** GET /api/provisions/account-assigned/{userId}. */
export const accountAssignedParams = z.object({ userId: idParam() });

const named = z.object({ id: z.number().int(), name: z.string() });

/** A unit of a provision as the follow-up and edit screens read it (spec 3 §3 "Unit"). */
export const provisionUnitResponse = z.object({
  id: z.number().int(),
  /** Its place in the provision, from 0. */
  index: z.number().int(),
  ...unitDescriptionShape,
  amount: moneyDecimal,
  included: z.boolean(),
  /** The lender's review: 0 pending, 1 correct, 2 incorrect, 3 adjust (spec 3 §4). */
  status: z.number().int(),
  reviewAF: z.boolean(),
  comment: z.string(),
  invoiceDate: z.string().nullable(),
  validation: unitChecks(),
  evidences: z.array(evidenceResponse),
});
export type ProvisionUnitResponse = z.infer<typeof provisionUnitResponse>;

/** GET /api/provisions/{id} (spec 3 §3 "Provision"). */
export const provisionDetail = z.object({
  id: z.number().int(),
  folio: z.string(),
  manualFolio: z.string().nullable(),
  useManualFolio: z.boolean(),
  status: z.number().int(),
  version: z.number().int(),
  accountId: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string(), clientId: z.string() }),
  agency: named.nullable(),
  legalPerson: named.nullable(),
  creditLine: z.string(),
  typeLine: z.string(),
  deadlines: z.number().int().nullable(),
  description: z.string(),
  includeAll: z.boolean(),
  total: moneyDecimal,
  operator: named,
  countUnits: z.number().int(),
  createdAt: z.string(),
  isArchived: z.boolean(),
  /** The provision's attachment (type 2). */
  evidences: z.array(evidenceResponse),
  units: z.array(provisionUnitResponse),
});
export type ProvisionDetail = z.infer<typeof provisionDetail>;
export const provisionDetailResponse = envelope(provisionDetail);
export type ProvisionDetailResponse = z.infer<typeof provisionDetailResponse>;

/** GET /api/provisions/reserved-amount?creditLine= (spec 3 §7: response total). */
export const reservedAmountQuery = z.object({ creditLine: creditLineKey });
export const reservedAmountResponse = envelope(z.object({ total: moneyDecimal }));
export type ReservedAmountResponse = z.infer<typeof reservedAmountResponse>;

/** PATCH /api/provisions/{id}/set-status (spec 3 §7 "body status"): only Creada → Enviada a validar here. */
export const setProvisionStatusRequest = z.object({
  status: z.literal(PROVISION_STATUS.SENT_TO_VALIDATE, { error: MESSAGES.badRequest }),
  version: rowVersion,
});
export type SetProvisionStatusRequest = z.infer<typeof setProvisionStatusRequest>;

/**
 * POST /api/documents (spec 3 §7 "document upload (multipart file; response url and filename)"): the `kind` field
 * says what the file is for — `provision`, the step-1 annex (pdf), or `unit`, a unit's evidence (xml, pdf, png, jpg,
 * jpeg). The file belongs to its uploader until a save attaches it.
 */
export const DOCUMENT_KINDS = ['provision', 'unit'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const documentUploadFields = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: MESSAGES.badRequest }),
});
export const documentUploadResponse = envelope(
  z.object({
    fileId: z.number().int(),
    /** The scoped download route, GET /api/files/{id}. */
    url: z.string(),
    fileName: z.string(),
    fileSize: z.number().int(),
    extension: z.string(),
  }),
);
export type DocumentUploadResponse = z.infer<typeof documentUploadResponse>;
/** DELETE /api/documents/{fileId} (spec 3 §7 "document delete"). */
export const documentParams = z.object({ fileId: idParam() });
