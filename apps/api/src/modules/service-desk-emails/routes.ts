import type { FastifyInstance } from 'fastify';
import { SERVICE_DESK_EMAIL_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { actOnRow, operationRoute } from '../../platform/operation-route';
import type { ServiceDeskEmailsService } from './service';

/** Service-desk e-mails (spec 2 §7), declared in packages/domain/src/operations/emails-service-desk.ts. */
export async function serviceDeskEmailRoutes(
  app: FastifyInstance,
  { serviceDeskEmails }: { serviceDeskEmails: ServiceDeskEmailsService },
) {
  operationRoute(app, op.listServiceDeskEmails, async ({ query }) => ({
    data: await serviceDeskEmails.list(query),
  }));
  operationRoute(app, op.getServiceDeskEmail, async ({ params }) => ({
    data: await serviceDeskEmails.get(params.id),
  }));
  operationRoute(app, op.createServiceDeskEmail, ({ body }, request) =>
    serviceDeskEmails.create(currentUser(request), body, request.id),
  );
  operationRoute(app, op.updateServiceDeskEmail, actOnRow(serviceDeskEmails.update));
  operationRoute(app, op.deleteServiceDeskEmail, ({ params }, request) =>
    serviceDeskEmails.remove(currentUser(request), params.id, request.id),
  );
}
