import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParams,
  notificationListQuery,
  notificationListResponse,
  pendingNotificationsResponse,
  updateNotificationRequest,
  updateNotificationResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { NotificationsService } from './service';

/**
 * The user's notifications (spec 1 §7). The two `/api/users/:id/...` routes live here rather than in the users
 * module: they read only the caller's own notifications, whatever the users module's scope rules say.
 */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

  r.get(
    '/api/users/:id/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s notifications (newest first by default); another user’s id is 404',
        params: idParams,
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, ...errors },
      },
    },
    async (request) => ({
      data: await notifications.list(currentUser(request), request.params.id, request.query),
    }),
  );

  r.get(
    '/api/users/:id/pending-notifications',
    {
      schema: {
        tags,
        security,
        summary: 'How many of the caller’s notifications are unread (the red dot)',
        params: idParams,
        response: { 200: pendingNotificationsResponse, ...errors },
      },
    },
    async (request) => ({ data: await notifications.pending(currentUser(request), request.params.id) }),
  );

  r.patch(
    '/api/notifications/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one of the caller’s notifications read, or delete it',
        params: idParams,
        body: updateNotificationRequest,
        response: { 200: updateNotificationResponse, ...errors },
      },
    },
    async (request) => notifications.update(currentUser(request), request.params.id, request.body.action, request.id),
  );
}
