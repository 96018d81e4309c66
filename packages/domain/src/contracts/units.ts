import { z } from 'zod';
import { MESSAGES } from '../messages';
import { envelope, pageQuery, paged } from './common';
import { evidenceResponse } from './files';
import { idParam, searchText } from './inputs';

/**
 * Units under review (spec 3 §2, §3 "Unit under review", §7 "Units"; decision 030). The list is the caller's
 * (registerBy) units in review, filtered by model and VIN (contains), by VIN descending by default (spec 3 §9).
 */
export const unitReviewQuery = pageQuery.extend({
  model: searchText(4),
  vinNumber: searchText(23),
});
export type UnitReviewQuery = z.infer<typeof unitReviewQuery>;
export const UNITS_REVIEW_DEFAULT_SORT = 'vinNumber:desc';

/**
 * A unit under review: spec 3 §3's fields (the screen's `check` is a local flag), the provision it came from and the
 * row's version; plus the unit's other columns, which the wizard's review mode shows on its last step.
 */
export const unitUnderReview = z.object({
  id: z.number().int(),
  model: z.string(),
  motorNumber: z.string(),
  vinNumber: z.string(),
  color: z.string(),
  /** Decimal string, 2 places ('250000.00'). */
  amount: z.string(),
  /** ISO timestamp: when the unit was first entered. */
  createdAt: z.string(),
  /** The lender's comment on the unit (why it is in review). */
  comment: z.string(),
  provisionId: z.number().int(),
  version: z.number().int(),
  agency: z.string(),
  brandName: z.string(),
  type: z.string(),
  description: z.string(),
  insideColor: z.string(),
});
export type UnitUnderReview = z.infer<typeof unitUnderReview>;
export const unitReviewListResponse = paged(unitUnderReview);

export const unitEvidencesResponse = envelope(z.array(evidenceResponse));
export const unitEvidenceResponse = envelope(evidenceResponse);

export const unitEvidenceParams = z.object({ id: idParam(), evidenceId: idParam() });

/** PATCH /units/{id}/set-review (spec 3 §7: body review). */
export const setUnitReviewRequest = z.object({
  review: z.boolean({ error: MESSAGES.badRequest }),
});
export type SetUnitReviewRequest = z.infer<typeof setUnitReviewRequest>;
export const setUnitReviewResponse = envelope(
  z.object({ id: z.number().int(), inReview: z.boolean(), version: z.number().int() }),
);

/** POST /units/{id}/delete: the spec's message ('Unidad con VIN [vin]: Se removió correctamente'). */
export const unitRemovedResponse = envelope(z.object({ id: z.number().int() }));

/** DELETE /units/{id}/evidences/{evidenceId}: the deleted evidence's id. */
export const unitEvidenceDeletedResponse = envelope(z.object({ id: z.number().int() }));
