import { callOperation } from '../../../lib/operation-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPANIES_DEFAULT_SORT, COMPANY_OPERATIONS, USER_OPERATIONS } from '@planpiso/domain';
import { listSpec } from '../../../components/list-query';
import { listKeys, operationList } from '../../../lib/server-list';

export const COMPANY_FILTERS = ['name', 'account', 'from', 'to'] as const;
export type CompanyFilter = (typeof COMPANY_FILTERS)[number];
export const companyKeys = {
  ...listKeys<CompanyFilter>('companies'),
  users: (id: number) => ['companies', 'users', id] as const,
};

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const COMPANY_LIST = listSpec<CompanyFilter>(COMPANY_FILTERS, COMPANIES_DEFAULT_SORT);

/** GET /api/companies: the read-only Compañías list (spec 2 §2). */
const companies = operationList(COMPANY_LIST, companyKeys.list, COMPANY_OPERATIONS.listCompanies);

export const useCompanyList = companies.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchCompanies = companies.prefetch;

export const useCompanyUsers = (id: number) =>
  useQuery({
    queryKey: companyKeys.users(id),
    queryFn: async ({ signal }) =>
      (await callOperation(COMPANY_OPERATIONS.listCompanyUsers, { params: { id }, query: { pageSize: 100 }, signal }))
        .data,
  });

/**
 * The picker's users (spec 2 §2): dealers the signed-in user registered, of the company's own account — a dealer
 * user belongs to one account (docs/decisions/024), so the server refuses anyone else.
 */
export const useMyDealers = (userId: number, accountId: number) =>
  useQuery({
    queryKey: ['companies', 'my-dealers', userId, accountId],
    queryFn: async ({ signal }) =>
      (
        await callOperation(USER_OPERATIONS.listUsers, {
          query: { registerBy: userId, account: accountId, pageSize: 100, sort: 'email:asc' },
          signal,
        })
      ).data.items.filter((user) => user.type === 4 || user.type === 5),
  });

/** POST assigns (userId, roleId); PATCH removes (userId) — spec 2 §7. */
export function useCompanyUserChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { userId: number; roleId?: number }) =>
      change.roleId === undefined
        ? callOperation(COMPANY_OPERATIONS.removeCompanyUser, { params: { id }, body: { userId: change.userId } })
        : callOperation(COMPANY_OPERATIONS.assignCompanyUser, {
            params: { id },
            body: { userId: change.userId, roleId: change.roleId },
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.users(id) }),
  });
}
