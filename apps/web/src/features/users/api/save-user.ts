import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, UserResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { userKeys } from './get-users';

export type SaveUserInput = { id: number | null; body: CreateUserRequest };
export type SavedUser = { user: UserResponse; message?: string };

/** POST /api/users or PUT /api/users/{id}; the answer carries the spec's success text (spec 1 §8). */
export async function saveUser({ id, body }: SaveUserInput): Promise<SavedUser> {
  const { data, message } =
    id === null
      ? await api.create<UserResponse>('/api/users', body)
      : await api.put<UserResponse>(`/api/users/${id}`, body);
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
