import { type QueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REFINANCING_OPERATIONS, REFINANCINGS_DEFAULT_SORT, type refinancingListItem } from '@planpiso/domain';
import type { z } from 'zod';
import { callOperation } from '../../../lib/operation-client';
import { readListQuery, type ListQuery, type ListSpec } from '../../../components/list-query';
import { refinancingKeys } from './refinancing-units';

/** The URL filters of /refinanciamientos (spec 3 §2): company (type 3) and folio. */
export const REFINANCING_FILTERS = ['company', 'folio'] as const;
export type RefinancingFilter = (typeof REFINANCING_FILTERS)[number];
export type RefinancingListItem = z.infer<typeof refinancingListItem>;
export type RefinancingPage = { items: RefinancingListItem[]; total: number };

/** GET /api/refinancings (spec 3 §7): what the caller's type sees (spec 3 §4), paged and sorted by the server. */
export async function getRefinancings(
  query: ListQuery<RefinancingFilter>,
  signal?: AbortSignal,
): Promise<RefinancingPage> {
  const { data } = await callOperation(REFINANCING_OPERATIONS.listRefinancings, { query, signal });
  return data;
}

export const refinancingsQueryOptions = (query: ListQuery<RefinancingFilter>) =>
  queryOptions({
    queryKey: [...refinancingKeys.lists, query] as const,
    queryFn: ({ signal }) => getRefinancings(query, signal),
    placeholderData: keepPreviousData,
  });

export const useRefinancings = (query: ListQuery<RefinancingFilter>) => useQuery(refinancingsQueryOptions(query));

/** Spec 3 §9: refinancings by folio. */
export const REFINANCING_LIST: ListSpec<RefinancingFilter> = {
  filters: REFINANCING_FILTERS,
  defaultSort: REFINANCINGS_DEFAULT_SORT,
};

export const prefetchRefinancings = (params: URLSearchParams, client: QueryClient) =>
  client.prefetchQuery(refinancingsQueryOptions(readListQuery(params, REFINANCING_LIST)));
