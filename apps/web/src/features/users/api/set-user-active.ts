import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_OPERATIONS } from '@planpiso/domain';
import { ApiError } from '../../../lib/api-client';
import { callOperation } from '../../../lib/operation-client';
import { userKeys, type UserPage } from './get-users';

export type UserActiveResult = { isActive: boolean; version: number; message?: string };
type Toggle = { id: number; active: boolean; version: number };

/**
 * PATCH /api/users/{id}/active {active, version} → the value and version the user now has (spec 1 §4). The version
 * is the one the list showed: if someone changed the user since, the server answers 409 (docs/decisions/016).
 */
export async function setUserActive({ id, active, version }: Toggle): Promise<UserActiveResult> {
  const { data, message } = await callOperation(USER_OPERATIONS.setUserActive, {
    params: { id },
    body: { active, version },
  });
  return { ...data, message };
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    // The row takes the value the server returned, not the one the switch asked for (spec 1 §4).
    onSuccess: ({ isActive, version }, { id }) => {
      queryClient.setQueriesData<UserPage>({ queryKey: userKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((u) => (u.id === id ? { ...u, isActive, version } : u)) } : page,
      );
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
    },
    // Someone else moved the user first: the list shows what it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.statusCode === 409) {
        void queryClient.invalidateQueries({ queryKey: userKeys.lists });
      }
    },
  });
}
