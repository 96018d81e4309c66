import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, inventoryQuery, inventoryResponse } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { InventoryService } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  422: errorResponse,
  503: errorResponse,
};

/**
 * Inventario (spec 3 §7 "Credit inventory GET with numeroDeCliente, fechaInicio, fechaFinal: path not shown";
 * docs/decisions/042). Who may call it is API_PERMISSIONS; whose inventory, the service.
 */
export async function inventoryRoutes(app: FastifyInstance, { inventory }: { inventory: InventoryService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/inventory',
    {
      schema: {
        tags: ['inventory'],
        security: [{ bearerAuth: [] }],
        summary:
          'The credit inventory of a client (CRM InventarioCredito), paged, by noCredito ascending by default. ' +
          'clientNumber: the operator’s choice among the clients of the accounts it operates (type 3); dealers ' +
          '(types 4, 5) always get their active company’s client. from/to (YYYY-MM-DD) filter the credit start; ' +
          'from after to is 422; the CRM unreachable is 503.',
        querystring: inventoryQuery,
        response: { 200: inventoryResponse, ...errors },
      },
    },
    async (request) => ({ data: await inventory.list(currentUser(request), request.query) }),
  );
}
