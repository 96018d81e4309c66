import { useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_OPERATIONS,
  AGENCY_OPERATIONS,
  COMPANY_OPERATIONS,
  pathOf,
  ROLE_OPERATIONS,
  type AccountLookupItem,
  type AgencyLookupItem,
  type CompanyItem,
  type RoleResponse,
  type UserType,
} from '@planpiso/domain';
import { api } from './api-client';
import { callOperation } from './operation-client';

/**
 * The organisation dropdowns several screens share (users filters and form, branches): every row at once (`all=true`),
 * cached a few minutes because they change rarely while a user works through a list.
 */
const LOOKUP_STALE_MS = 5 * 60_000;
type Items<T> = { items: T[]; total: number };

const getAll = async <T>(
  path: string,
  query: Record<string, string | number | readonly number[]>,
  signal?: AbortSignal,
) => (await api.get<Items<T>>(path, { ...query, all: 'true' }, signal)).data.items;

export function useAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups', 'accounts'],
    queryFn: ({ signal }) =>
      getAll<AccountLookupItem>(pathOf(ACCOUNT_OPERATIONS.listAccounts), { sort: 'name:asc' }, signal),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useCompaniesOfAccount(accountId: number | null) {
  return useQuery({
    queryKey: ['lookups', 'accounts', accountId, 'companies'],
    queryFn: ({ signal }) =>
      getAll<CompanyItem>(
        pathOf(ACCOUNT_OPERATIONS.listAccountCompanies, { id: accountId! }),
        { sort: 'name:asc' },
        signal,
      ),
    enabled: accountId !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useAgencies(enabled: boolean, filter: { account?: number | null; company?: number | null } = {}) {
  const query: Record<string, string | number> = { sort: 'name:asc' };
  if (filter.account) query.account = filter.account;
  if (filter.company) query.company = filter.company;
  return useQuery({
    queryKey: ['lookups', 'agencies', query],
    queryFn: ({ signal }) => getAll<AgencyLookupItem>(pathOf(AGENCY_OPERATIONS.listAgencies), query, signal),
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
}

/**
 * GET /api/roles with the repeated `type` (spec 1 §7): the roles of the given types in the caller's scope.
 * `activeOnly` for the form (a role to hand out), every role for the filter (users may still hold an inactive one).
 */
export function useRolesOfTypes(types: readonly UserType[], activeOnly: boolean) {
  const query: Record<string, string | readonly number[]> = { type: types, sort: 'name:asc' };
  if (activeOnly) query.active = 'true';
  return useQuery({
    queryKey: ['lookups', 'roles', query],
    queryFn: async ({ signal }) =>
      (
        (await callOperation(ROLE_OPERATIONS.listRoles, { query: { ...query, all: 'true' }, signal }))
          .data as Items<RoleResponse>
      ).items,
    enabled: types.length > 0,
    // Roles change on the roles screen: ask again whenever a form or filter opens (the cached list shows meanwhile).
    staleTime: 0,
  });
}

/**
 * GET /api/companies/{id}/users-agencies: the company's people with their branches — the list's branch and operator
 * pickers and the wizard's legal representatives (type 4, spec 3 §3) and the caller's own branches (spec 3 §6
 * "Agencies offered are limited to those assigned to the user").
 */
export const useCompanyPeople = (companyId: number | null) =>
  useQuery({
    queryKey: ['companies', companyId, 'users-agencies'],
    queryFn: async ({ signal }) =>
      (await callOperation(COMPANY_OPERATIONS.listCompanyUsersAgencies, { params: { id: companyId! }, signal })).data,
    enabled: companyId !== null,
    staleTime: LOOKUP_STALE_MS,
  });

/**
 * The lender operator's customers (spec 3 §7 "clients by user id for type 3"): GET
 * /api/accounts/assigned/{id}/companies, the companies of the accounts it operates.
 */
export const useAssignedCompanies = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['lookups', 'assigned-companies', userId],
    queryFn: async ({ signal }) =>
      (await callOperation(ACCOUNT_OPERATIONS.listAssignedCompanies, { params: { id: userId }, signal })).data,
    enabled,
    staleTime: LOOKUP_STALE_MS,
  });
