import { z } from 'zod';
import { badFormat } from '../messages';
import { isoDate, pageQuery, paged } from './common';
import { externalInventoryRow } from './external';

/**
 * The credit inventory (spec 3 "Credit inventory", §3 row, §6, §7, §9; issue 18; docs/decisions/042): the CRM's
 * InventarioCredito of one client, paged and sorted by the API. `clientNumber` is read for the lender's operator
 * only (type 3, one of the clients of the accounts it operates); a dealer (types 4, 5) always reads its active
 * company's client, whatever it sends. `from`/`to` (YYYY-MM-DD) filter the day each credit started.
 */
export const inventoryQuery = pageQuery.extend({
  clientNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,50}$/, { message: badFormat('número de cliente') })
    .optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type InventoryQuery = z.infer<typeof inventoryQuery>;

/** Spec 3 §9: inventory by noCredito ascending. */
export const INVENTORY_DEFAULT_SORT = 'noCredito:asc';
/** The columns the grid may sort by (spec 3 §3's row). */
export const INVENTORY_SORT_FIELDS = ['noCredito', 'modelo', 'vin', 'plazo', 'finCredito'] as const;

/** A credit inventory row (spec 3 §3: noCredito, modelo, vin, plazo, finCredito; finCredito YYYY-MM-DD). */
export const inventoryRow = externalInventoryRow.pick({
  noCredito: true,
  modelo: true,
  vin: true,
  plazo: true,
  finCredito: true,
});
export type InventoryRow = z.infer<typeof inventoryRow>;
export const inventoryResponse = paged(inventoryRow);
