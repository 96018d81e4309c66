import {
  notificationListQuery,
  notificationListResponse,
  pendingNotificationsResponse,
  updateNotificationRequest,
  updateNotificationResponse,
} from '../contracts/notifications';
import { idParams } from '../contracts/common';
import { defineOperation } from './operation';

const tags = ['notifications'];

/**
 * The user's notifications (spec 1 §7): anyone, for themselves; another user's (or their notification) is 404. The two
 * `/api/users/:id/...` paths read only the caller's own, whatever the users policy's scope says.
 */
export const NOTIFICATION_OPERATIONS = {
  listNotifications: defineOperation({
    method: 'GET',
    path: '/api/users/:id/notifications',
    tags,
    who: 'authenticated',
    summary: 'The caller’s notifications (newest first by default); another user’s id is 404',
    params: idParams,
    query: notificationListQuery,
    response: notificationListResponse,
  }),
  countPendingNotifications: defineOperation({
    method: 'GET',
    path: '/api/users/:id/pending-notifications',
    tags,
    who: 'authenticated',
    summary: 'How many of the caller’s notifications are unread (the red dot)',
    params: idParams,
    response: pendingNotificationsResponse,
  }),
  updateNotification: defineOperation({
    method: 'PATCH',
    path: '/api/notifications/:id',
    tags,
    who: 'authenticated',
    summary: 'Mark one of the caller’s notifications read, or delete it',
    params: idParams,
    body: updateNotificationRequest,
    response: updateNotificationResponse,
  }),
} as const;
