import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../../../components/use-url-list-state';

export const USER_FILTERS = ['name', 'email', 'account', 'company', 'agency', 'role', 'from', 'to'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];
export type UserPage = { items: UserResponse[]; total: number };

export const userKeys = {
  lists: ['users', 'list'] as const,
  list: (query: ListQuery<UserFilter>) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

/** GET /api/users (spec 1 §7): the caller's scope, paged and sorted by the server. */
export async function getUsers(query: ListQuery<UserFilter>, signal?: AbortSignal): Promise<UserPage> {
  const { data } = await api.get<UserPage>('/api/users', query, signal);
  return data;
}

export const usersQueryOptions = (query: ListQuery<UserFilter>) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // The grid keeps the current page visible while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: ListQuery<UserFilter>) => useQuery(usersQueryOptions(query));
