import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import type { NotificationsService } from './service';

/**
 * The user's notifications (spec 1 §7), declared in packages/domain/src/operations/notifications.ts. The two
 * `/api/users/:id/...` routes live here rather than in the users module: they read only the caller's own
 * notifications, whatever the users module's scope rules say.
 */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
) {
  operationRoute(app, op.listNotifications, async ({ params, query }, request) => ({
    data: await notifications.list(currentUser(request), params.id, query),
  }));
  operationRoute(app, op.countPendingNotifications, readRow(notifications.pending));
  operationRoute(app, op.updateNotification, ({ params, body }, request) =>
    notifications.update(currentUser(request), params.id, body.action, request.id),
  );
}
