import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_OPERATIONS, INVENTORY_DEFAULT_SORT, INVENTORY_OPERATIONS, type InventoryRow } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { type ListQuery, listSpec } from '../../../components/list-query';
import { operationList } from '../../../lib/server-list';

export const INVENTORY_FILTERS = ['clientNumber', 'from', 'to'] as const;
export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];
export type InventoryPage = { items: InventoryRow[]; total: number };

export const inventoryKeys = {
  list: (query: ListQuery<InventoryFilter>) => ['inventory', 'list', query] as const,
  clients: (userId: number) => ['inventory', 'clients', userId] as const,
};

/** The list's URL reading, shared by the screen and the route's prefetch (spec 3 §9: noCredito ascending). */
export const INVENTORY_LIST = listSpec<InventoryFilter>(INVENTORY_FILTERS, INVENTORY_DEFAULT_SORT);

/**
 * GET /api/inventory (spec 3 §7, decision 042): the CRM's credit inventory of one client, paged and sorted by the
 * server. A dealer's is always its active company's; the operator names the client (none yet: an empty page).
 */
const inventory = operationList(INVENTORY_LIST, inventoryKeys.list, INVENTORY_OPERATIONS.listInventory);

export const useInventory = inventory.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchInventory = inventory.prefetch;

/**
 * The operator's client combo (spec 3 §7 "clients by user id for type 3"): GET /api/accounts/assigned/{id}/companies,
 * the companies of the accounts it operates, each with its CRM client number.
 */
export const useInventoryClients = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: inventoryKeys.clients(userId),
    queryFn: async ({ signal }) =>
      (await callOperation(ACCOUNT_OPERATIONS.listAssignedCompanies, { params: { id: userId }, signal })).data,
    enabled,
  });
