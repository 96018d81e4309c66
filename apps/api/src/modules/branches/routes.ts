import type { FastifyInstance } from 'fastify';
import { AGENCY_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import type { BranchesService } from './service';

/**
 * Branches (spec 2 §7 "Branches": /agencies), declared in packages/domain/src/operations/agencies.ts; the list is
 * the organisation look-up's GET /api/agencies.
 */
export async function branchRoutes(app: FastifyInstance, { branches }: { branches: BranchesService }) {
  operationRoute(app, op.getAgency, readRow(branches.get));
  operationRoute(app, op.createAgency, ({ body }, request) => branches.create(currentUser(request), body, request.id));
  operationRoute(app, op.updateAgency, actOnRow(branches.update));
  operationRoute(app, op.setAgencyActive, ({ params, body }, request) =>
    branches.setActive(currentUser(request), params.id, body.active, request.id),
  );
  operationRoute(app, op.listAgencyUsers, async ({ params, query }, request) => ({
    data: await branches.users(currentUser(request), params.id, query),
  }));
  operationRoute(app, op.assignAgencyUser, ({ params, body }, request) =>
    branches.assign(currentUser(request), params.id, body.userId, request.id),
  );
  operationRoute(app, op.removeAgencyUser, ({ params, body }, request) =>
    branches.unassign(currentUser(request), params.id, body.userId, request.id),
  );
}
