import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE_OPERATIONS, type CreateRoleRequest, type RoleResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { roleKeys } from './get-roles';

export type SaveRoleInput = { id: number | null; body: CreateRoleRequest };

/**
 * POST /api/roles or PUT /api/roles/{id}; the answer carries the spec's success text (spec 1 §8). The server sets
 * registerBy from the session, whatever a payload says.
 */
export async function saveRole({ id, body }: SaveRoleInput): Promise<{ role: RoleResponse; message?: string }> {
  const { data, message } =
    id === null
      ? await callOperation(ROLE_OPERATIONS.createRole, { body })
      : await callOperation(ROLE_OPERATIONS.updateRole, { params: { id }, body });
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
