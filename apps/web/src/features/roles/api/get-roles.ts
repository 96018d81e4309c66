import { type QueryClient, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ROLE_OPERATIONS, ROLES_DEFAULT_SORT, type RoleResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { readListQuery, type ListQuery, type ListSpec } from '../../../components/list-query';

export const ROLE_FILTERS = ['name', 'from', 'to'] as const;
export type RoleFilter = (typeof ROLE_FILTERS)[number];
export type RolePage = { items: RoleResponse[]; total: number; totalIsEstimate?: true };

export const roleKeys = {
  lists: ['roles', 'list'] as const,
  list: (query: ListQuery<RoleFilter>) => ['roles', 'list', query] as const,
  detail: (id: number) => ['roles', 'detail', id] as const,
};

/** GET /api/roles (spec 1 §7): types 2, 3 and 4 list only the roles they registered (spec 1 §6). */
export async function getRoles(query: ListQuery<RoleFilter>, signal?: AbortSignal): Promise<RolePage> {
  const { data } = await callOperation(ROLE_OPERATIONS.listRoles, { query, signal });
  return data as RolePage;
}

export const rolesQueryOptions = (query: ListQuery<RoleFilter>) =>
  queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => getRoles(query, signal),
    placeholderData: keepPreviousData,
  });

export const useRoles = (query: ListQuery<RoleFilter>) => useQuery(rolesQueryOptions(query));

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const ROLE_LIST: ListSpec<RoleFilter> = { filters: ROLE_FILTERS, defaultSort: ROLES_DEFAULT_SORT };

/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchRoles = (params: URLSearchParams, client: QueryClient) =>
  client.prefetchQuery(rolesQueryOptions(readListQuery(params, ROLE_LIST)));
