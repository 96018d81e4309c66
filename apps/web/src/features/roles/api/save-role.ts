import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleRequest, RoleResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { roleKeys } from './get-roles';

export type SaveRoleInput = { id: number | null; body: CreateRoleRequest };

/**
 * POST /api/roles or PUT /api/roles/{id}; the answer carries the spec's success text (spec 1 §8). The server sets
 * registerBy from the session, whatever a payload says.
 */
export async function saveRole({ id, body }: SaveRoleInput): Promise<{ role: RoleResponse; message?: string }> {
  const { data, message } =
    id === null
      ? await api.create<RoleResponse>('/api/roles', body)
      : await api.put<RoleResponse>(`/api/roles/${id}`, body);
  return { role: data, message };
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: async ({ role }) => {
      queryClient.setQueryData(roleKeys.detail(role.id), role);
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists });
    },
  });
}
