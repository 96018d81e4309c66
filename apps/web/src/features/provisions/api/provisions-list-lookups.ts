import { useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

const LOOKUP_STALE_MS = 5 * 60_000;

/** The lender's operator picker: users in the caller's scope whose name holds `text` (GET /api/users, 20 at most). */
export const useUserSearch = (text: string, enabled: boolean) =>
  useQuery({
    queryKey: ['lookups', 'users', text],
    queryFn: async ({ signal }) =>
      (await api.get<{ items: UserResponse[] }>('/api/users', { name: text, pageSize: 25, sort: 'email:asc' }, signal))
        .data.items,
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });

/** The chosen operator's name when the URL names one the search has not loaded (GET /api/users/{id}). */
export const useUserName = (id: number | null) =>
  useQuery({
    queryKey: ['users', 'detail', id],
    queryFn: async ({ signal }) => (await api.get<UserResponse>(`/api/users/${id}`, undefined, signal)).data,
    enabled: id !== null,
    staleTime: LOOKUP_STALE_MS,
    select: (user) => `${user.firstname} ${user.lastname}`,
  });
