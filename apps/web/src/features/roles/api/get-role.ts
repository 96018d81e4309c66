import { useQuery } from '@tanstack/react-query';
import { ROLE_OPERATIONS, type RoleResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { roleKeys } from './get-roles';

/** GET /api/roles/{id}: a role in the caller's scope (others answer 404). */
export async function getRole(id: number, signal?: AbortSignal): Promise<RoleResponse> {
  const { data } = await callOperation(ROLE_OPERATIONS.getRole, { params: { id }, signal });
  return data;
}

export const useRole = (id: number | null) =>
  useQuery({
    queryKey: roleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getRole(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
