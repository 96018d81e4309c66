import type { FastifyInstance } from 'fastify';
import { INVENTORY_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { InventoryService } from './service';

/**
 * Inventario (spec 3 §7; docs/decisions/042), declared in packages/domain/src/operations/inventory.ts; whose
 * inventory, the service.
 */
export async function inventoryRoutes(app: FastifyInstance, { inventory }: { inventory: InventoryService }) {
  operationRoute(app, op.listInventory, async ({ query }, request) => ({
    data: await inventory.list(currentUser(request), query),
  }));
}
