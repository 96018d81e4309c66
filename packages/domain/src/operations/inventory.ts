import { inventoryQuery, inventoryResponse } from '../contracts/inventory';
import { defineOperation } from './operation';

/** Inventario (spec 3 §7 "Credit inventory"; decision 042): spec 3 §6 types 3, 4, 5; whose inventory, the service. */
export const INVENTORY_OPERATIONS = {
  listInventory: defineOperation({
    method: 'GET',
    path: '/api/inventory',
    tags: ['inventory'],
    who: [3, 4, 5],
    summary:
      'The credit inventory of a client (CRM InventarioCredito), paged, by noCredito ascending by default. ' +
      'clientNumber: the operator’s choice among the clients of the accounts it operates (type 3); dealers ' +
      '(types 4, 5) always get their active company’s client. from/to (YYYY-MM-DD) filter the credit start; ' +
      'from after to is 422; the CRM unreachable is 503.',
    query: inventoryQuery,
    response: inventoryResponse,
    errors: [422, 503],
  }),
} as const;
