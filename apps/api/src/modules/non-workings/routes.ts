import type { FastifyInstance } from 'fastify';
import { NON_WORKING_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { NonWorkingsService } from './service';

/** Non-working days (spec 2 §7), declared in packages/domain/src/operations/non-workings.ts. */
export async function nonWorkingRoutes(app: FastifyInstance, { nonWorkings }: { nonWorkings: NonWorkingsService }) {
  operationRoute(app, op.listNonWorkingDays, async ({ query }) => ({ data: await nonWorkings.list(query) }));
  operationRoute(app, op.createNonWorkingDay, ({ body }, request) =>
    nonWorkings.create(currentUser(request), body, request.id),
  );
  operationRoute(app, op.deleteNonWorkingDay, ({ params }, request) =>
    nonWorkings.remove(currentUser(request), params.id, request.id),
  );
}
