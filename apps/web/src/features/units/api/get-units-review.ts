import { type QueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { UNIT_OPERATIONS, UNITS_REVIEW_DEFAULT_SORT, type UnitUnderReview } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { readListQuery, type ListQuery, type ListSpec } from '../../../components/list-query';

export const UNIT_REVIEW_FILTERS = ['model', 'vinNumber'] as const;
export type UnitReviewFilter = (typeof UNIT_REVIEW_FILTERS)[number];
export type UnitReviewPage = { items: UnitUnderReview[]; total: number };

export const unitKeys = {
  all: ['units'] as const,
  lists: ['units', 'review'] as const,
  list: (query: ListQuery<UnitReviewFilter>) => ['units', 'review', query] as const,
  evidences: (id: number) => ['units', 'evidences', id] as const,
};

/** GET /api/units/review (spec 3 §7): the caller's units under review, paged and sorted by the server. */
export async function getUnitsReview(
  query: ListQuery<UnitReviewFilter>,
  signal?: AbortSignal,
): Promise<UnitReviewPage> {
  const { data } = await callOperation(UNIT_OPERATIONS.listUnitsUnderReview, { query, signal });
  return data;
}

export const unitsReviewQueryOptions = (query: ListQuery<UnitReviewFilter>) =>
  queryOptions({
    queryKey: unitKeys.list(query),
    queryFn: ({ signal }) => getUnitsReview(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUnitsReview = (query: ListQuery<UnitReviewFilter>) => useQuery(unitsReviewQueryOptions(query));

/** The list's URL reading, shared by the screen and the route's prefetch (spec 3 §9: VIN descending). */
export const UNIT_REVIEW_LIST: ListSpec<UnitReviewFilter> = {
  filters: UNIT_REVIEW_FILTERS,
  defaultSort: UNITS_REVIEW_DEFAULT_SORT,
};

/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchUnitsReview = (params: URLSearchParams, client: QueryClient) =>
  client.prefetchQuery(unitsReviewQueryOptions(readListQuery(params, UNIT_REVIEW_LIST)));
