import type { FastifyInstance } from 'fastify';
import { REFINANCING_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import type { RefinancingFlows } from './flows';
import { refinancingFlowRoutes } from './flow-routes';
import type { RefinancingsService } from './service';

/**
 * Refinancings (spec 3 §7 "Refinancings", "Units"; decision 044), declared in
 * packages/domain/src/operations/refinancings.ts. Rows: the refinancings policy.
 */
export async function refinancingRoutes(
  app: FastifyInstance,
  { refinancings, flows }: { refinancings: RefinancingsService; flows: RefinancingFlows },
) {
  operationRoute(app, op.listRefinanceableUnits, async ({ query }, request) => ({
    data: await refinancings.availableUnits(currentUser(request), query),
  }));
  operationRoute(app, op.setUnitDeadlines, ({ params, body }, request) =>
    refinancings.updateUnit(currentUser(request), params.id, { deadlines: body.deadline }, request.id),
  );
  operationRoute(app, op.setUnitSold, ({ params, body }, request) =>
    refinancings.updateUnit(currentUser(request), params.id, { isSold: body.isSold }, request.id),
  );
  operationRoute(app, op.createRefinancing, ({ body }, request) =>
    refinancings.create(currentUser(request), body, request.id),
  );
  operationRoute(app, op.listRefinancings, async ({ query }, request) => ({
    data: await refinancings.list(currentUser(request), query),
  }));
  operationRoute(app, op.getRefinancing, readRow(flows.detail));

  await refinancingFlowRoutes(app, { flows });
}
