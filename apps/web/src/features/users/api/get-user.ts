import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_OPERATIONS, type UserResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { userKeys } from './get-users';

/** GET /api/users/{id}: a user in the caller's scope (others answer 404). */
export async function getUser(id: number, signal?: AbortSignal): Promise<UserResponse> {
  const { data } = await callOperation(USER_OPERATIONS.getUser, { params: { id }, signal });
  return data;
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal), staleTime: 0 });

export const useUser = (id: number | null) => useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
