import { type QueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NON_WORKING_DAYS_DEFAULT_SORT, NON_WORKING_OPERATIONS, type NonWorkingDayResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { readListQuery, type ListQuery, type ListSpec } from '../../../components/list-query';

export const NON_WORKING_DAY_FILTERS = [] as const;
export type NonWorkingDayFilter = (typeof NON_WORKING_DAY_FILTERS)[number];
export type NonWorkingDayPage = { items: NonWorkingDayResponse[]; total: number; totalIsEstimate?: true };

export const nonWorkingDayKeys = {
  lists: ['non-working-days', 'list'] as const,
  list: (query: ListQuery<NonWorkingDayFilter>) => ['non-working-days', 'list', query] as const,
};

/** GET /api/non-workings (spec 2 §7), newest date first. */
export async function getNonWorkingDays(
  query: ListQuery<NonWorkingDayFilter>,
  signal?: AbortSignal,
): Promise<NonWorkingDayPage> {
  const { data } = await callOperation(NON_WORKING_OPERATIONS.listNonWorkingDays, { query, signal });
  return data as NonWorkingDayPage;
}

export const nonWorkingDaysQueryOptions = (query: ListQuery<NonWorkingDayFilter>) =>
  queryOptions({
    queryKey: nonWorkingDayKeys.list(query),
    queryFn: ({ signal }) => getNonWorkingDays(query, signal),
    placeholderData: keepPreviousData,
  });

export const useNonWorkingDays = (query: ListQuery<NonWorkingDayFilter>) => useQuery(nonWorkingDaysQueryOptions(query));

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const NON_WORKING_DAY_LIST: ListSpec<NonWorkingDayFilter> = {
  filters: NON_WORKING_DAY_FILTERS,
  defaultSort: NON_WORKING_DAYS_DEFAULT_SORT,
};

/** Starts the list call for this URL as the navigation starts (issue 15). */
export const prefetchNonWorkingDays = (params: URLSearchParams, client: QueryClient) =>
  client.prefetchQuery(nonWorkingDaysQueryOptions(readListQuery(params, NON_WORKING_DAY_LIST)));
