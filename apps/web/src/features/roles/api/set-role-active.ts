import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE_OPERATIONS } from '@planpiso/domain';
import { ApiError } from '../../../lib/api-client';
import { callOperation } from '../../../lib/operation-client';
import { roleKeys, type RolePage } from './get-roles';

type Toggle = { id: number; active: boolean; version: number };

/**
 * PATCH /api/roles/{id}/active {active, version} → the value and version the role now has (spec 1 §4); a role
 * changed since the list showed it answers 409 (docs/decisions/016).
 */
export async function setRoleActive({
  id,
  active,
  version,
}: Toggle): Promise<{ isActive: boolean; version: number; message?: string }> {
  const { data, message } = await callOperation(ROLE_OPERATIONS.setRoleActive, {
    params: { id },
    body: { active, version },
  });
  return { ...data, message };
}

export function useSetRoleActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRoleActive,
    // The row takes the value the server returned (spec 1 §4).
    onSuccess: ({ isActive, version }, { id }) => {
      queryClient.setQueriesData<RolePage>({ queryKey: roleKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((r) => (r.id === id ? { ...r, isActive, version } : r)) } : page,
      );
      queryClient.removeQueries({ queryKey: roleKeys.detail(id) });
    },
    // Someone else moved the role first: the list shows what it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.statusCode === 409) {
        void queryClient.invalidateQueries({ queryKey: roleKeys.lists });
      }
    },
  });
}
