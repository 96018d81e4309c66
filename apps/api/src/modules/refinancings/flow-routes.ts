import type { FastifyInstance } from 'fastify';
import { REFINANCING_FLOW_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { actOnRow, operationRoute } from '../../platform/operation-route';
import { closingRoutes } from '../financing';
import type { RefinancingFlows } from './flows';

/**
 * The refinancing detail's flows (spec 3 §7 "Refinancings"; issue 19; decisions 045, 046), declared in
 * packages/domain/src/operations/refinancing-flows.ts. Which rows: the refinancings policy; which moves:
 * REFINANCING_MACHINE through the mover.
 */
export async function refinancingFlowRoutes(app: FastifyInstance, { flows }: { flows: RefinancingFlows }) {
  operationRoute(app, op.listRefinancingsToReview, async ({ query }, request) => ({
    data: await flows.review(currentUser(request), query),
  }));
  operationRoute(app, op.setRefinancingStatus, actOnRow(flows.setStatus));
  operationRoute(app, op.sendRefinancingUnits, ({ body }, request) =>
    flows.sendUnits(currentUser(request), body, request.id),
  );
  operationRoute(app, op.confirmRefinancingUnits, actOnRow(flows.confirmUnits));
  operationRoute(app, op.confirmRefinancing, actOnRow(flows.confirm));
  operationRoute(app, op.acceptRefinancing, actOnRow(flows.accept));
  operationRoute(app, op.rejectRefinancing, actOnRow(flows.reject));
  closingRoutes(
    app,
    {
      release: op.releaseRefinancing,
      sendToCrm: op.sendRefinancingToCrm,
      updateFolio: op.updateRefinancingFolio,
      unitsXlsx: op.downloadRefinancingUnits,
    },
    flows,
  );
}
