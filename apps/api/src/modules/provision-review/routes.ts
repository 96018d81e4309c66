import type { FastifyInstance } from 'fastify';
import { PROVISION_REVIEW_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import type { ProvisionReviewService } from './service';

/**
 * Disposition review (spec 3 §2, §7 "Provisions"; decision 034), declared in
 * packages/domain/src/operations/provision-review.ts. Who may call: the operation's `who`; scope: the service.
 */
export async function provisionReviewRoutes(app: FastifyInstance, { review }: { review: ProvisionReviewService }) {
  operationRoute(app, op.listReview, async ({ query }, request) => ({
    data: await review.list(currentUser(request), query),
  }));
  operationRoute(app, op.getRevision, readRow(review.revision));
  // send-units is an alias of confirmUnitsReview (spec 3 §7 lists both).
  for (const operation of [op.confirmUnitsReview, op.sendUnits]) {
    operationRoute(app, operation, ({ body }, request) => review.confirm(currentUser(request), body, request.id));
  }
}
