import {
  confirmUnitsReviewRequest,
  confirmUnitsReviewResponse,
  provisionReviewListResponse,
  provisionReviewQuery,
  provisionRevisionResponse,
} from '../contracts/provision-review';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';
import { PROVISION_SAVE_BODY_LIMIT } from './provisions';

const tags = ['provision-review'];
/** The lender administrator's screen, within its accounts (decision 014). */
const administrator = [2] as const;

const CONFIRM_NOTES =
  'Type 2, a provision at status 3 (Validación) of an account it reaches (decision 014). Each unit: status 0 ' +
  'pending, 1 Si, 2 No, 3 Ajuste; 2 and 3 need a comment (422 REVIEW_COMMENT_REQUIRED). A unit not of the provision ' +
  '→ 422 UNIT_NOT_IN_PROVISION. reviewAF becomes true on the units whose status is not 0; the provision keeps its ' +
  'status, its version moves (a stale `version` → 409 STALE_VERSION), the account’s FinBe operator is notified and ' +
  'the audit row `provisions.reviewUnits` holds the reviews. Answers the pending count.';

/** Saving a review: a review carries up to PROVISION_UNITS_MAX units (with their comments), so the save's limit. */
const confirm = {
  tags,
  who: administrator,
  description: CONFIRM_NOTES,
  body: confirmUnitsReviewRequest,
  response: confirmUnitsReviewResponse,
  errors: [409, 422],
  bodyLimit: PROVISION_SAVE_BODY_LIMIT,
} as const;

/** Disposition review (spec 3 §2, §7 "Provisions"; decision 034). Scope: the review service. */
export const PROVISION_REVIEW_OPERATIONS = {
  listReview: defineOperation({
    method: 'GET',
    path: '/api/provisions/review',
    tags,
    who: administrator,
    summary: 'Provisions at Validación (3) the administrator reviews, paged (spec 3 §2 /disposiciones-revision)',
    description:
      'Default sort folio:asc (spec 3 §9); also createdAt, countUnits. Filters: folio (or manual folio), ' +
      'operator (a FinBe operator assigned to the account), account, company.',
    query: provisionReviewQuery,
    response: provisionReviewListResponse,
  }),
  getRevision: defineOperation({
    method: 'GET',
    path: '/api/provisions/:id/revision',
    tags,
    who: administrator,
    summary: 'One provision under review: company, branch, legal representative, line, balances and its units',
    description: 'Out of the administrator’s accounts, or not at status 3 → 404.',
    params: idParams,
    response: provisionRevisionResponse,
  }),
  confirmUnitsReview: defineOperation({
    ...confirm,
    method: 'POST',
    path: '/api/provisions/confirmUnitsReview',
    summary: 'Save the administrator’s review of the units (spec 3 §5, §7)',
  }),
  sendUnits: defineOperation({
    ...confirm,
    method: 'POST',
    path: '/api/provisions/send-units',
    summary: 'Alias of confirmUnitsReview (spec 3 §7 lists both; decision 034: a status-3 unit is not sent back alone)',
  }),
} as const;
