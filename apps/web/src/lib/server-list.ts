import { type QueryClient, type QueryKey, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Operation } from '@planpiso/domain';
import { readListQuery, type ListQuery, type ListSpec } from '../components/list-query';
import { callOperation } from './operation-client';

/** The query keys of a paged list with its rows (`root` names the resource: 'roles', 'branches', …). */
export const listKeys = <F extends string>(root: string) => ({
  all: [root] as const,
  lists: [root, 'list'] as const,
  list: (query: ListQuery<F>) => [root, 'list', query] as const,
  detail: (id: number) => [root, 'detail', id] as const,
});

/** A server-paged list's query: the grid keeps the current page visible while the next one loads. */
export const pagedQueryOptions = <T, K extends QueryKey>(queryKey: K, fetch: (signal: AbortSignal) => Promise<T>) =>
  queryOptions<T, Error, T, K>({ queryKey, queryFn: ({ signal }) => fetch(signal), placeholderData: keepPreviousData });

/**
 * One server-paged list: the screen's hook and the route's prefetch (issue 15) read the URL the same way and build
 * the same key, so the screen finds the rows the navigation already asked for.
 */
export function serverList<F extends string, T>(
  spec: ListSpec<F>,
  key: (query: ListQuery<F>) => QueryKey,
  fetch: (query: ListQuery<F>, signal: AbortSignal) => Promise<T>,
) {
  const options = (query: ListQuery<F>) => pagedQueryOptions(key(query), (signal) => fetch(query, signal));
  return {
    useList: (query: ListQuery<F>) => useQuery(options(query)),
    prefetch: (params: URLSearchParams, client: QueryClient) =>
      client.prefetchQuery(options(readListQuery(params, spec))),
  };
}

/** A server-paged list that is one declared operation called with the list's query: its rows are the answer's data. */
export const operationList = <F extends string, O extends Operation>(
  spec: ListSpec<F>,
  key: (query: ListQuery<F>) => QueryKey,
  operation: O,
) => serverList(spec, key, async (query, signal) => (await callOperation(operation, { query, signal })).data);

/** A list query as the grid reads it. */
type ListResult<R> = {
  data?: { items: R[]; total: number; totalIsEstimate?: boolean } | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
};

/**
 * What PagedGrid shows of a list query: its rows and total (an estimate past the cap when the server says so), the
 * loading bar, the error state and its retry.
 */
export const gridQuery = <R>(query: ListResult<R>) => ({
  rows: query.data?.items,
  total: query.data?.total,
  totalIsEstimate: query.data?.totalIsEstimate,
  loading: query.isFetching,
  error: query.isError,
  onRetry: () => void query.refetch(),
});
