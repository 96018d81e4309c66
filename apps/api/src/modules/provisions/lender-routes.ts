import type { FastifyInstance } from 'fastify';
import { PROVISION_LENDER_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import { closingRoutes } from '../financing';
import type { ProvisionLenderActions } from './lender-actions';

/**
 * The lender's actions on a provision and the follow-up page's reads (spec 3 §7 "Provisions", issue 17, decision
 * 036), declared in packages/domain/src/operations/provision-lender.ts. PUT /api/provisions/{id} with status 4, 9
 * or 10 reaches the same service from routes.ts.
 */
export async function provisionLenderRoutes(app: FastifyInstance, { lender }: { lender: ProvisionLenderActions }) {
  operationRoute(app, op.confirmReject, actOnRow(lender.confirmReject));
  closingRoutes(app, op, lender);

  operationRoute(app, op.timeline, readRow(lender.timeline));
  operationRoute(app, op.timelinePage, async ({ params, query }, request) => ({
    data: await lender.timelinePage(currentUser(request), params.id, query),
  }));
  operationRoute(app, op.unitsPage, async ({ params, query }, request) => ({
    data: await lender.unitsPage(currentUser(request), params.id, query),
  }));
}
