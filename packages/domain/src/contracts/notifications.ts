import { z } from 'zod';
import { envelope, isoDate, pageQuery, paged } from './common';

/** Notification types (spec 1 §3). */
export const NOTIFICATION_TYPE = { PROVISION: 1, EXCEPTION: 2 } as const;
export function notificationTypeLabel(type: number): string {
  return type === NOTIFICATION_TYPE.PROVISION
    ? 'Disposición'
    : type === NOTIFICATION_TYPE.EXCEPTION
      ? 'Excepción'
      : '-';
}

export const notificationResponse = z.object({
  id: z.number().int(),
  type: z.number().int(),
  message: z.string(),
  isReaded: z.boolean(),
  createdAt: z.string(),
});
export type NotificationResponse = z.infer<typeof notificationResponse>;

export const notificationListQuery = pageQuery.extend({
  type: z.coerce.number().int().min(1).max(2).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const NOTIFICATIONS_DEFAULT_SORT = 'createdAt:desc';
export const notificationListResponse = paged(notificationResponse);
export const pendingNotificationsResponse = envelope(z.object({ total: z.number().int() }));

/** PATCH /notifications/{id}: mark read or delete (spec 1 §7: body not shown, ours). */
export const updateNotificationRequest = z.object({ action: z.enum(['read', 'delete']) });
/** The notification as it is after the change; `message` says so when it was deleted. */
export const updateNotificationResponse = envelope(notificationResponse);
/** What `notify` takes (spec 1 §3). */
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];
