import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys, type UserPage } from './get-users';

export type UserActiveResult = { isActive: boolean; message?: string };

/** PATCH /api/users/{id}/active {active} → the value the user now has (spec 1 §4). */
export async function setUserActive(id: number, active: boolean): Promise<UserActiveResult> {
  const { data, message } = await api.patch<{ isActive: boolean }>(`/api/users/${id}/active`, { active });
  return { isActive: data.isActive, message };
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setUserActive(id, active),
    // The row takes the value the server returned, not the one the switch asked for (spec 1 §4).
    onSuccess: ({ isActive }, { id }) => {
      queryClient.setQueriesData<UserPage>({ queryKey: userKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((u) => (u.id === id ? { ...u, isActive } : u)) } : page,
      );
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
    },
  });
}
