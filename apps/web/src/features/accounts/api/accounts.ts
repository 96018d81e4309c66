import { callOperation } from '../../../lib/operation-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_OPERATIONS,
  ACCOUNTS_LOOKUP_DEFAULT_SORT,
  type CreateAccountRequest,
  type UpdateAccountRequest,
  USER_OPERATIONS,
} from '@planpiso/domain';
import type { Envelope } from '../../../lib/api-client';
import { listSpec } from '../../../components/list-query';
import { listKeys, operationList } from '../../../lib/server-list';

export const ACCOUNT_FILTERS = ['name', 'type', 'assigned', 'from', 'to'] as const;
export type AccountFilter = (typeof ACCOUNT_FILTERS)[number];
export const accountKeys = listKeys<AccountFilter>('accounts');

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const ACCOUNT_LIST = listSpec<AccountFilter>(ACCOUNT_FILTERS, ACCOUNTS_LOOKUP_DEFAULT_SORT);

/** GET /api/accounts (spec 2 §7): query name, type, assigned, from, to; paged and sorted by the server. */
const accounts = operationList(ACCOUNT_LIST, accountKeys.list, ACCOUNT_OPERATIONS.listAccounts);

export const useAccountList = accounts.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchAccounts = accounts.prefetch;

export const useAccountDetail = (id: number | null) =>
  useQuery({
    queryKey: accountKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callOperation(ACCOUNT_OPERATIONS.getAccount, { params: { id: id! }, signal })).data,
    enabled: id !== null,
  });

/** The lender's operators (type 3), for the operator filter and the edit-operator modal. */
export const useOperators = (enabled: boolean) =>
  useQuery({
    queryKey: ['accounts', 'operators'],
    queryFn: async ({ signal }) =>
      (
        await callOperation(USER_OPERATIONS.listUsers, { query: { pageSize: 100, sort: 'email:asc' }, signal })
      ).data.items.filter((user) => user.type === 3 && user.isActive),
    enabled,
  });

export type AccountChange =
  | { kind: 'status'; id: number; active: boolean }
  | { kind: 'archive'; id: number }
  | { kind: 'operator'; id: number; userId: number };

/** PATCH /api/accounts/{id}/active | archive | assign (spec 2 §7). */
export function useAccountChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AccountChange): Promise<Envelope<unknown>> => {
      switch (change.kind) {
        case 'status':
          return callOperation(ACCOUNT_OPERATIONS.setAccountActive, {
            params: { id: change.id },
            body: { active: change.active },
          });
        case 'archive':
          return callOperation(ACCOUNT_OPERATIONS.archiveAccount, {
            params: { id: change.id },
            body: { archive: true },
          });
        case 'operator':
          return callOperation(ACCOUNT_OPERATIONS.assignAccountOperator, {
            params: { id: change.id },
            body: { userId: change.userId },
          });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

/** POST /api/accounts: the wizard's save (account, companies, legal representatives), all or nothing. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountRequest) => callOperation(ACCOUNT_OPERATIONS.createAccount, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}

/** PUT /api/accounts/{id}: the account edit's companies (kept, changed, added; left-out ones are removed). */
export function useUpdateAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountRequest) =>
      callOperation(ACCOUNT_OPERATIONS.updateAccount, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
}
