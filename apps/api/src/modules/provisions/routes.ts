import type { FastifyInstance } from 'fastify';
import { PROVISION_OPERATIONS as op, type ProvisionPutRequest } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { actOnRow, operationRoute } from '../../platform/operation-route';
import type { ProvisionLenderActions } from './lender-actions';
import type { ProvisionsService } from './service';

/**
 * Provisions (spec 3 §7 "Provisions", decision 029), declared in packages/domain/src/operations/provisions.ts; who
 * may call them is the operation's `who`, the rest the policy.
 */
export async function provisionRoutes(
  app: FastifyInstance,
  { provisions, lender }: { provisions: ProvisionsService; lender: ProvisionLenderActions },
) {
  operationRoute(app, op.listProvisions, async ({ query }, request) => ({
    data: await provisions.list(currentUser(request), query),
  }));
  operationRoute(app, op.listAccountAssigned, async ({ params, query }, request) => ({
    data: await provisions.accountAssigned(currentUser(request), params.userId, query),
  }));
  operationRoute(app, op.reservedAmount, async ({ query }, request) => ({
    data: await provisions.reservedAmount(currentUser(request), query.creditLine),
  }));
  operationRoute(app, op.getProvision, async ({ params, query }, request) => ({
    data: await lender.get(currentUser(request), params.id, query),
  }));

  operationRoute(app, op.createProvision, ({ body }, request) =>
    provisions.create(currentUser(request), body, 'create', request.id),
  );
  operationRoute(app, op.createAndSendProvision, ({ body }, request) =>
    provisions.create(currentUser(request), body, 'createAndSend', request.id),
  );
  operationRoute(app, op.createProvisionFromReview, ({ body }, request) =>
    provisions.create(currentUser(request), body, 'fromReview', request.id),
  );

  operationRoute(app, op.updateProvision, async ({ params, body: input }, request) => {
    const actor = currentUser(request);
    const body = input as ProvisionPutRequest;
    if ('companyId' in body) return provisions.update(actor, params.id, body, request.id);
    if (body.status === 10) return lender.release(actor, params.id, body, request.id);
    return lender.confirmReject(actor, params.id, body, request.id);
  });

  operationRoute(app, op.sendToValidate, actOnRow(provisions.setStatus));
}
