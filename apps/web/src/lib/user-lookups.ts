import { useQuery } from '@tanstack/react-query';
import { USER_OPERATIONS } from '@planpiso/domain';
import { callOperation } from './operation-client';

const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * The lender's operator pickers (provisions list, provision review): users in the caller's scope whose name holds
 * `text` (GET /api/users, 25 at most); nothing is asked for an empty text.
 */
export const useUserSearch = (text: string) =>
  useQuery({
    queryKey: ['lookups', 'users', text],
    queryFn: async ({ signal }) =>
      (
        await callOperation(USER_OPERATIONS.listUsers, {
          query: { name: text, pageSize: 25, sort: 'email:asc' },
          signal,
        })
      ).data.items,
    enabled: text !== '',
    staleTime: LOOKUP_STALE_MS,
  });

/** The chosen operator's name when the URL names one the search has not loaded (GET /api/users/{id}). */
export const useUserName = (id: number | null) =>
  useQuery({
    queryKey: ['users', 'detail', id],
    queryFn: async ({ signal }) => (await callOperation(USER_OPERATIONS.getUser, { params: { id: id! }, signal })).data,
    enabled: id !== null,
    staleTime: LOOKUP_STALE_MS,
    select: (user) => `${user.firstname} ${user.lastname}`,
  });
