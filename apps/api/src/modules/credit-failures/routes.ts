import type { FastifyInstance } from 'fastify';
import { CREDIT_FAILURE_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { CreditFailuresService } from './service';

/** Créditos con fallos (spec 2 §7 "Credit failures"), declared in packages/domain/src/operations/credits-failures.ts. */
export async function creditFailureRoutes(app: FastifyInstance, { failures }: { failures: CreditFailuresService }) {
  operationRoute(app, op.listCreditFailures, async ({ query }) => ({ data: await failures.list(query) }));
  operationRoute(app, op.archiveCreditFailure, ({ params, body }, request) =>
    failures.archive(currentUser(request), params.id, body.version, request.id),
  );
  operationRoute(app, op.retryCreditFailure, ({ params, body }, request) =>
    failures.retry(currentUser(request), params.id, body.version, request.id),
  );
  operationRoute(app, op.insertCreditFailure, ({ params, body }, request) =>
    failures.insertNow(currentUser(request), params.id, body.version),
  );
}
