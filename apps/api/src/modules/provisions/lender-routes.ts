import type { FastifyInstance } from 'fastify';
import { PROVISION_LENDER_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import { attachmentDisposition } from '../../platform/uploads';
import type { ProvisionLenderActions } from './lender-actions';

/**
 * The lender's actions on a provision and the follow-up page's reads (spec 3 §7 "Provisions", issue 17, decision
 * 036), declared in packages/domain/src/operations/provision-lender.ts. PUT /api/provisions/{id} with status 4, 9
 * or 10 reaches the same service from routes.ts.
 */
export async function provisionLenderRoutes(app: FastifyInstance, { lender }: { lender: ProvisionLenderActions }) {
  operationRoute(app, op.confirmReject, ({ params, body }, request) =>
    lender.confirmReject(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.release, ({ params, body }, request) =>
    lender.release(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.sendToCrm, ({ params, body }, request) =>
    lender.sendToCrm(currentUser(request), params.id, body, request.id),
  );
  operationRoute(app, op.updateFolio, ({ params, body }, request) =>
    lender.updateFolio(currentUser(request), params.id, body, request.id),
  );

  // A file: the handler sends it with its own headers.
  operationRoute(app, op.unitsXlsx, async ({ params }, request, reply) => {
    const { bytes, fileName } = await lender.unitsXlsx(currentUser(request), params.id);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(bytes);
  });

  operationRoute(app, op.timeline, async ({ params }, request) => ({
    data: await lender.timeline(currentUser(request), params.id),
  }));
}
