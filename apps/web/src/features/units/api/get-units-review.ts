import { UNIT_OPERATIONS, UNITS_REVIEW_DEFAULT_SORT, type UnitUnderReview } from '@planpiso/domain';
import { type ListQuery, listSpec } from '../../../components/list-query';
import { operationList } from '../../../lib/server-list';

export const UNIT_REVIEW_FILTERS = ['model', 'vinNumber'] as const;
export type UnitReviewFilter = (typeof UNIT_REVIEW_FILTERS)[number];
export type UnitReviewPage = { items: UnitUnderReview[]; total: number };

export const unitKeys = {
  all: ['units'] as const,
  lists: ['units', 'review'] as const,
  list: (query: ListQuery<UnitReviewFilter>) => ['units', 'review', query] as const,
  evidences: (id: number) => ['units', 'evidences', id] as const,
};

/** The list's URL reading, shared by the screen and the route's prefetch (spec 3 §9: VIN descending). */
export const UNIT_REVIEW_LIST = listSpec<UnitReviewFilter>(UNIT_REVIEW_FILTERS, UNITS_REVIEW_DEFAULT_SORT);

/** GET /api/units/review (spec 3 §7): the caller's units under review, paged and sorted by the server. */
const unitsReview = operationList(UNIT_REVIEW_LIST, unitKeys.list, UNIT_OPERATIONS.listUnitsUnderReview);

export const useUnitsReview = unitsReview.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchUnitsReview = unitsReview.prefetch;
