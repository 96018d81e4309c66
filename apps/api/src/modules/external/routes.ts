import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EXTERNAL_OPERATIONS as op, VIN_LOOKUPS_PER_MINUTE, VIN_VALIDATIONS_PER_MINUTE } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { ExternalService } from './service';

/** Per user, counted once the input is valid (`preHandler`). */
const perUserPerMinute = (max: number) => ({
  config: {
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `user:${request.user?.id ?? request.ip}`,
    },
  },
});

/**
 * The lender's systems for the screens (issue 4, decision 009), declared in packages/domain/src/operations/external.ts;
 * which clients, the external policy.
 */
export async function externalRoutes(app: FastifyInstance, { external }: { external: ExternalService }) {
  operationRoute(app, op.listCrmClients, async (_, request) => ({
    data: await external.clients(currentUser(request)),
  }));
  operationRoute(app, op.listCrmLegalRepresentatives, async ({ params }, request) => ({
    data: await external.legalRepresentatives(currentUser(request), params.clientNumber),
  }));
  operationRoute(app, op.listCrmCreditLines, async ({ params }, request) => ({
    data: await external.creditLines(currentUser(request), params.clientNumber),
  }));
  operationRoute(app, op.listCrmInventory, async ({ params, query }, request) => ({
    data: await external.inventory(currentUser(request), params.clientNumber, query),
  }));
  operationRoute(app, op.listCrmGuarantors, async ({ params }, request) => ({
    data: await external.guarantors(currentUser(request), params.creditLine),
  }));
  // A dealer entering a CSV of units needs a few a minute, not more.
  operationRoute(
    app,
    op.getVinInformation,
    async ({ params }, request) => ({ data: await external.vinInformation(currentUser(request), params.vin) }),
    perUserPerMinute(VIN_LOOKUPS_PER_MINUTE),
  );
  // Each call asks three external systems (decision 063).
  operationRoute(
    app,
    op.validateVin,
    async ({ body }, request) => ({ data: await external.validateVin(currentUser(request), body.vin) }),
    perUserPerMinute(VIN_VALIDATIONS_PER_MINUTE),
  );
}
