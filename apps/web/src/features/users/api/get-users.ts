import { type QueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_OPERATIONS, USERS_DEFAULT_SORT, type UserResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { readListQuery, type ListQuery, type ListSpec } from '../../../components/list-query';

export const USER_FILTERS = ['name', 'email', 'account', 'company', 'agency', 'role', 'from', 'to'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export type UserPage = { items: UserResponse[]; total: number; totalIsEstimate?: true };

export const userKeys = {
  lists: ['users', 'list'] as const,
  list: (query: ListQuery<UserFilter>) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** GET /api/users (spec 1 §7): the caller's scope, paged and sorted by the server. */
export async function getUsers(query: ListQuery<UserFilter>, signal?: AbortSignal): Promise<UserPage> {
  const { data } = await callOperation(USER_OPERATIONS.listUsers, { query, signal });
  return data as UserPage;
}

export const usersQueryOptions = (query: ListQuery<UserFilter>) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // The grid keeps the current page visible while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: ListQuery<UserFilter>) => useQuery(usersQueryOptions(query));

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const USER_LIST: ListSpec<UserFilter> = { filters: USER_FILTERS, defaultSort: USERS_DEFAULT_SORT };

/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchUsers = (params: URLSearchParams, client: QueryClient) =>
  client.prefetchQuery(usersQueryOptions(readListQuery(params, USER_LIST)));
