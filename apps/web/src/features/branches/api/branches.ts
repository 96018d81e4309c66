import { callOperation } from '../../../lib/operation-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AGENCIES_LOOKUP_DEFAULT_SORT,
  AGENCY_OPERATIONS,
  type AgencyLookupItem,
  type CreateBranchRequest,
  USER_OPERATIONS,
} from '@planpiso/domain';
import { listSpec } from '../../../components/list-query';
import { listKeys, pagedQueryOptions, operationList } from '../../../lib/server-list';

export const BRANCH_FILTERS = ['name', 'account', 'company', 'from', 'to'] as const;
export type BranchFilter = (typeof BRANCH_FILTERS)[number];
type Page<T> = { items: T[]; total: number; totalIsEstimate?: true };

export const branchKeys = {
  ...listKeys<BranchFilter>('branches'),
  users: (id: number) => ['branches', 'users', id] as const,
};

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const BRANCH_LIST = listSpec<BranchFilter>(BRANCH_FILTERS, AGENCIES_LOOKUP_DEFAULT_SORT);

/** GET /api/agencies (spec 2 §7): the branches in the caller's scope, paged and sorted by the server. */
const branches = operationList(BRANCH_LIST, branchKeys.list, AGENCY_OPERATIONS.listAgencies);

export const useBranches = branches.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchBranches = branches.prefetch;

export const useBranch = (id: number | null) =>
  useQuery({
    queryKey: branchKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callOperation(AGENCY_OPERATIONS.getAgency, { params: { id: id! }, signal })).data,
    enabled: id !== null,
  });

/** POST /api/agencies or PUT /api/agencies/{id} → the spec's saved / updated message. */
export function useSaveBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateBranchRequest }) =>
      id === null
        ? callOperation(AGENCY_OPERATIONS.createAgency, { body })
        : callOperation(AGENCY_OPERATIONS.updateAgency, { params: { id }, body }),
    onSuccess: async (_saved, { id }) => {
      await queryClient.invalidateQueries({ queryKey: branchKeys.lists });
      if (id !== null) queryClient.removeQueries({ queryKey: branchKeys.detail(id) });
    },
  });
}

/** PATCH /api/agencies/{id}/active {active}: the row takes the value returned (spec 2 §4). */
export function useSetBranchActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      callOperation(AGENCY_OPERATIONS.setAgencyActive, { params: { id }, body: { active } }),
    onSuccess: ({ data }, { id }) => {
      queryClient.setQueriesData<Page<AgencyLookupItem>>({ queryKey: branchKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((b) => (b.id === id ? { ...b, isActive: data.isActive } : b)) } : page,
      );
    },
  });
}

/** GET /api/agencies/{id}/users: the branch's users by e-mail (the modal shows 10 a page). */
export const useBranchUsers = (id: number | null, page: number) =>
  useQuery({
    ...pagedQueryOptions(
      [...branchKeys.users(id ?? 0), page],
      async (signal) =>
        (
          await callOperation(AGENCY_OPERATIONS.listAgencyUsers, {
            params: { id: id! },
            query: { page, pageSize: 10 },
            signal,
          })
        ).data,
    ),
    enabled: id !== null,
  });

/** POST assigns, PATCH removes (spec 2 §7). */
export function useBranchUserChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, remove }: { userId: number; remove: boolean }) =>
      remove
        ? callOperation(AGENCY_OPERATIONS.removeAgencyUser, { params: { id }, body: { userId } })
        : callOperation(AGENCY_OPERATIONS.assignAgencyUser, { params: { id }, body: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchKeys.users(id) }),
  });
}

/** The dealers of an account (types 4 and 5) a branch may hold: GET /api/users in the caller's scope. */
export const useAccountDealers = (accountId: number | null) =>
  useQuery({
    queryKey: ['branches', 'dealers', accountId],
    queryFn: async ({ signal }) =>
      (
        await callOperation(USER_OPERATIONS.listUsers, {
          query: { account: accountId, pageSize: 100, sort: 'email:asc' },
          signal,
        })
      ).data.items.filter((user) => user.type === 4 || user.type === 5),
    enabled: accountId !== null,
  });
