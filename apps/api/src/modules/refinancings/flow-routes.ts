import type { FastifyInstance } from 'fastify';
import { REFINANCING_FLOW_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import { attachmentDisposition } from '../../platform/uploads';
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
  operationRoute(app, op.setRefinancingStatus, ({ params, body }, request) =>
    flows.setStatus(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.sendRefinancingUnits, ({ body }, request) =>
    flows.sendUnits(currentUser(request), body, request.id),
  );
  operationRoute(app, op.confirmRefinancingUnits, ({ params, body }, request) =>
    flows.confirmUnits(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.confirmRefinancing, ({ params, body }, request) =>
    flows.confirm(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.acceptRefinancing, ({ params, body }, request) =>
    flows.accept(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.rejectRefinancing, ({ params, body }, request) =>
    flows.reject(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.releaseRefinancing, ({ params, body }, request) =>
    flows.release(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.sendRefinancingToCrm, ({ params, body }, request) =>
    flows.sendToCrm(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.updateRefinancingFolio, ({ params, body }, request) =>
    flows.updateFolio(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.downloadRefinancingUnits, async ({ params }, request, reply) => {
    const { bytes, fileName } = await flows.unitsXlsx(currentUser(request), params.id);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
