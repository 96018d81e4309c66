import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_OPERATIONS, type CreateUserRequest, type UserResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { userKeys } from './get-users';

export type SaveUserInput = { id: number | null; body: CreateUserRequest };
export type SavedUser = { user: UserResponse; message?: string };

/** POST /api/users or PUT /api/users/{id}; the answer carries the spec's success text (spec 1 §8). */
export async function saveUser({ id, body }: SaveUserInput): Promise<SavedUser> {
  const { data, message } =
    id === null
      ? await callOperation(USER_OPERATIONS.createUser, { body })
      : await callOperation(USER_OPERATIONS.updateUser, { params: { id }, body });
  return { user: data, message };
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}
