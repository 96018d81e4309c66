import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditFailureResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../components/use-url-list-state';

export const CREDIT_FAILURE_FILTERS = ['folio', 'from', 'to'] as const;
export type CreditFailureFilter = (typeof CREDIT_FAILURE_FILTERS)[number];
export type CreditFailurePage = { items: CreditFailureResponse[]; total: number };

export const creditFailureKeys = {
  lists: ['credit-failures', 'list'] as const,
  list: (query: ListQuery<CreditFailureFilter>) => ['credit-failures', 'list', query] as const,
};

/** GET /api/credits-failures (spec 2 §7): paged and sorted by the server, newest attempt first. */
export async function getCreditFailures(
  query: ListQuery<CreditFailureFilter>,
  signal?: AbortSignal,
): Promise<CreditFailurePage> {
  const { data } = await api.get<CreditFailurePage>('/api/credits-failures', query, signal);
  return data;
}

export const creditFailuresQueryOptions = (query: ListQuery<CreditFailureFilter>) =>
  queryOptions({
    queryKey: creditFailureKeys.list(query),
    queryFn: ({ signal }) => getCreditFailures(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCreditFailures = (query: ListQuery<CreditFailureFilter>) => useQuery(creditFailuresQueryOptions(query));
