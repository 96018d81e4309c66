import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROVISION_OPERATIONS,
  PROVISIONS_DEFAULT_SORT,
  PROVISION_STATUS,
  USER_TYPE,
  isUserType,
  provisionListFilters,
  provisionStatusCodes,
  type ProvisionListItem,
  type UserType,
} from '@planpiso/domain';
import type { QueryValue } from '../../../lib/api-client';
import { creditLinesQuery } from '../../../lib/credit-lines';
import { callOperation } from '../../../lib/operation-client';
import { getSession } from '../../../lib/session';
import { listSpec, readListQuery, type ListQuery } from '../../../components/list-query';
import { pagedQueryOptions } from '../../../lib/server-list';
import { createsProvisions, operatingWindowQuery } from './operating-window';

/** The list's URL filters (spec 3 §2): number, customer, branch, operator, status, date range and the credit line. */
export const PROVISION_FILTERS = [
  'folio',
  'companyName',
  'agency',
  'registerBy',
  'status',
  'from',
  'to',
  'creditLine',
] as const;
export type ProvisionFilter = (typeof PROVISION_FILTERS)[number];
export type ProvisionPage = { items: ProvisionListItem[]; total: number; totalIsEstimate?: boolean };

/** Who asks decides the endpoint and what the status filter means; both are part of the key. */
export type ProvisionViewer = { id: number; type: UserType };

export const provisionKeys = {
  all: ['provisions'] as const,
  list: (viewer: ProvisionViewer, query: ListQuery<ProvisionFilter>) =>
    ['provisions', 'list', viewer.type, viewer.id, query] as const,
};

/**
 * GET /api/provisions, or for the lender's operator (type 3) GET /api/provisions/account-assigned/{userId} (spec 3 §2
 * "type 3 uses the assigned-to list"). The URL keeps one status code; the call asks for every code of that name
 * ('Autorizado' is 8 and 10).
 */
export async function getProvisions(
  viewer: ProvisionViewer,
  query: ListQuery<ProvisionFilter>,
  signal?: AbortSignal,
): Promise<ProvisionPage> {
  const { status, ...rest } = query;
  const params: Record<string, QueryValue> = { ...rest };
  if (status) params.status = provisionStatusCodes(viewer.type, status);
  const { data } =
    viewer.type === USER_TYPE.PROVIDER_OPERATOR
      ? await callOperation(PROVISION_OPERATIONS.listAccountAssigned, {
          params: { userId: viewer.id },
          query: params,
          signal,
        })
      : await callOperation(PROVISION_OPERATIONS.listProvisions, { query: params, signal });
  return data;
}

export const provisionsQueryOptions = (viewer: ProvisionViewer, query: ListQuery<ProvisionFilter>) =>
  pagedQueryOptions(provisionKeys.list(viewer, query), (signal) => getProvisions(viewer, query, signal));

export const useProvisions = (viewer: ProvisionViewer | null, query: ListQuery<ProvisionFilter>) =>
  useQuery({
    ...provisionsQueryOptions(viewer ?? { id: 0, type: USER_TYPE.AGENCY_OPERATOR }, query),
    enabled: viewer !== null,
  });

/** The list's URL reading, shared by the screen and the route's prefetch (decision 027). */
export const PROVISION_LIST = listSpec<ProvisionFilter>(PROVISION_FILTERS, PROVISIONS_DEFAULT_SORT);

/** Starts the list call for this URL as the navigation starts, beside the screen's code (decision 027). */
export const prefetchProvisions = async (params: URLSearchParams, client: QueryClient) => {
  const user = getSession()?.user;
  if (!user || !isUserType(user.type)) return;
  await Promise.all([
    client.prefetchQuery(
      provisionsQueryOptions({ id: user.id, type: user.type }, readListQuery(params, PROVISION_LIST)),
    ),
    // The window's notice sits above the list: asked beside the rows, it paints with them instead of pushing them
    // down when it arrives (a layout shift, and the page's largest paint, late).
    createsProvisions(user.type) ? client.prefetchQuery(operatingWindowQuery) : undefined,
    // The dealer's credit-line selector, above the list too: its lines come from the CRM, the slowest of the calls.
    provisionListFilters(user.type).creditLine && user.company?.clientId
      ? client.prefetchQuery(creditLinesQuery(user.company.clientId))
      : undefined,
  ]);
};

/**
 * PATCH /api/provisions/{id}/set-status {status: 2, version} (spec 3 §4: Creada → Enviada a validar), with the
 * version the row was read at (a stale one answers 409). Every provisions query reloads afterwards: the row's status,
 * and the reserved amount of its line.
 */
export function useSendToValidate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: Pick<ProvisionListItem, 'id' | 'version'>) =>
      callOperation(PROVISION_OPERATIONS.sendToValidate, {
        params: { id: row.id },
        body: { status: PROVISION_STATUS.SENT_TO_VALIDATE, version: row.version },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: provisionKeys.all }),
  });
}
