import { type QueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CREDIT_FAILURE_OPERATIONS, CREDIT_FAILURES_DEFAULT_SORT, type CreditFailureResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { readListQuery, type ListQuery, type ListSpec } from '../../../components/list-query';

export const CREDIT_FAILURE_FILTERS = ['folio', 'from', 'to'] as const;
export type CreditFailureFilter = (typeof CREDIT_FAILURE_FILTERS)[number];
export type CreditFailurePage = { items: CreditFailureResponse[]; total: number; totalIsEstimate?: true };

export const creditFailureKeys = {
  lists: ['credit-failures', 'list'] as const,
  list: (query: ListQuery<CreditFailureFilter>) => ['credit-failures', 'list', query] as const,
};

/** GET /api/credits-failures (spec 2 §7): paged and sorted by the server, newest attempt first. */
export async function getCreditFailures(
  query: ListQuery<CreditFailureFilter>,
  signal?: AbortSignal,
): Promise<CreditFailurePage> {
  const { data } = await callOperation(CREDIT_FAILURE_OPERATIONS.listCreditFailures, { query, signal });
  return data;
}

export const creditFailuresQueryOptions = (query: ListQuery<CreditFailureFilter>) =>
  queryOptions({
    queryKey: creditFailureKeys.list(query),
    queryFn: ({ signal }) => getCreditFailures(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCreditFailures = (query: ListQuery<CreditFailureFilter>) => useQuery(creditFailuresQueryOptions(query));

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const CREDIT_FAILURE_LIST: ListSpec<CreditFailureFilter> = {
  filters: CREDIT_FAILURE_FILTERS,
  defaultSort: CREDIT_FAILURES_DEFAULT_SORT,
};

/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchCreditFailures = (params: URLSearchParams, client: QueryClient) =>
  client.prefetchQuery(creditFailuresQueryOptions(readListQuery(params, CREDIT_FAILURE_LIST)));
