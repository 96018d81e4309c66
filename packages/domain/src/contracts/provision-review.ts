import { z } from 'zod';
import { DESCRIPTION_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { moneyDecimal } from '../money';
import { PROVISION_UNITS_MAX } from '../financing/provision-requests';
import { envelope, pageQuery, paged, rowVersion, folioFilter, unitChecks } from './common';
import { evidenceResponse } from './files';
import { idParam, idSchema, textSchema } from './inputs';

/**
 * The lender administrator's disposition review (spec 3 §2 "Disposition review list/detail", §4, §5, §7; decision
 * 034): GET /api/provisions/review, GET /api/provisions/{id}/revision, POST /api/provisions/confirmUnitsReview (and
 * its alias POST /api/provisions/send-units).
 */

/** Spec 3 §9: review dispositions by folio ascending. */
export const PROVISION_REVIEW_DEFAULT_SORT = 'folio:asc';
export const PROVISION_REVIEW_SORT_FIELDS = ['folio', 'createdAt', 'countUnits'] as const;

/** GET /api/provisions/review: disposition number, FinBe operator; under more filters account and company. */
export const provisionReviewQuery = pageQuery.extend({
  /** The number users quote: the folio, or the manual folio when the provision uses one. */
  folio: folioFilter(),
  /** The FinBe operator (type 3) assigned to the provision's account (account_operators). */
  operator: idParam().optional(),
  account: idParam().optional(),
  company: idParam().optional(),
});
export type ProvisionReviewQuery = z.infer<typeof provisionReviewQuery>;

/** One row: disposition number, company, FinBe operator, type, units, date (dd/MM/yyyy HH:mm) and the view link. */
export const provisionReviewItem = z.object({
  id: z.number().int(),
  folio: z.string(),
  companyName: z.string(),
  /** The account's FinBe operator(s), names joined by ', ' ('' when the account has none). */
  operatorName: z.string(),
  /** '100000000' Nuevos, '100000001' Seminuevos. */
  typeLine: z.string(),
  countUnits: z.number().int(),
  /** ISO timestamp; the grid shows it dd/MM/yyyy HH:mm in Mexico City time. */
  createdAt: z.string(),
  version: z.number().int(),
});
export type ProvisionReviewItem = z.infer<typeof provisionReviewItem>;
export const provisionReviewListResponse = paged(provisionReviewItem);

const named = z.object({ id: z.number().int(), name: z.string() });

/** A unit as the review detail shows it (spec 3 §2: model, engine, VIN, amount, the four checks, the admin review). */
export const provisionReviewUnit = z.object({
  id: z.number().int(),
  model: z.string(),
  motorNumber: z.string(),
  vinNumber: z.string(),
  amount: moneyDecimal,
  invoiceDate: z.string().nullable(),
  validation: unitChecks(),
  reviewAF: z.boolean(),
  /** 0 pending, 1 Si, 2 No, 3 Ajuste (spec 3 §4). */
  status: z.number().int(),
  comment: z.string(),
  evidences: z.array(evidenceResponse),
});
export type ProvisionReviewUnit = z.infer<typeof provisionReviewUnit>;

/** GET /api/provisions/{id}/revision. */
export const provisionRevision = z.object({
  id: z.number().int(),
  folio: z.string(),
  status: z.number().int(),
  version: z.number().int(),
  company: named,
  agency: named.nullable(),
  legalPerson: named.nullable(),
  creditLine: z.string(),
  typeLine: z.string(),
  /** The line's available balance without this provision's own reservation (spec 3 §5), null if never read. */
  availableBalance: moneyDecimal.nullable(),
  /** Available minus this provision's total. */
  remainingBalance: moneyDecimal.nullable(),
  total: moneyDecimal,
  units: z.array(provisionReviewUnit),
});
export type ProvisionRevision = z.infer<typeof provisionRevision>;
export const provisionRevisionResponse = envelope(provisionRevision);

export const REVIEW_COMMENT_MAX = DESCRIPTION_MAX;

/** One unit's review: status 0–3; the comment is required for 2 and 3 (checked by the service: 422). */
export const unitReviewEntry = z.object({
  id: idSchema(),
  status: z
    .number({ error: MESSAGES.badRequest })
    .int({ message: MESSAGES.badRequest })
    .min(0, { message: MESSAGES.badRequest })
    .max(3, { message: MESSAGES.badRequest }),
  comment: textSchema(REVIEW_COMMENT_MAX, { multiline: true }).default(''),
});

/** POST /api/provisions/confirmUnitsReview (and send-units). */
export const confirmUnitsReviewRequest = z.object({
  provisionId: idSchema(),
  version: rowVersion,
  units: z
    .array(unitReviewEntry)
    .min(1, { message: MESSAGES.badRequest })
    .max(PROVISION_UNITS_MAX, { message: MESSAGES.badRequest }),
});
export type ConfirmUnitsReviewRequest = z.infer<typeof confirmUnitsReviewRequest>;
export type ConfirmUnitsReviewRequestInput = z.input<typeof confirmUnitsReviewRequest>;
export const confirmUnitsReviewResponse = envelope(
  z.object({ id: z.number().int(), status: z.number().int(), version: z.number().int(), pending: z.number().int() }),
);
export type ConfirmUnitsReviewResponse = z.infer<typeof confirmUnitsReviewResponse>;
