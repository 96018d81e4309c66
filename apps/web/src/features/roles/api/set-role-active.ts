import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roleKeys, type RolePage } from './get-roles';

/** PATCH /api/roles/{id}/active {active} → the value the role now has (spec 1 §4). */
export async function setRoleActive(id: number, active: boolean): Promise<{ isActive: boolean; message?: string }> {
  const { data, message } = await api.patch<{ isActive: boolean }>(`/api/roles/${id}/active`, { active });
  return { isActive: data.isActive, message };
}

export function useSetRoleActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setRoleActive(id, active),
    // The row takes the value the server returned (spec 1 §4).
    onSuccess: ({ isActive }, { id }) => {
      queryClient.setQueriesData<RolePage>({ queryKey: roleKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((r) => (r.id === id ? { ...r, isActive } : r)) } : page,
      );
      queryClient.removeQueries({ queryKey: roleKeys.detail(id) });
    },
  });
}
