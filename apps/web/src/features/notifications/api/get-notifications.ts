import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotificationResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../../../lib/realtime-keys';
import type { ListQuery } from '../../../components/use-url-list-state';

export const NOTIFICATION_FILTERS = ['type', 'from', 'to'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
export type NotificationPage = { items: NotificationResponse[]; total: number; totalIsEstimate?: true };

/** GET /api/users/{id}/notifications (spec 1 §7): the caller's own, newest first by default. */
export async function getNotifications(
  userId: number,
  query: ListQuery<NotificationFilter>,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const { data } = await api.get<NotificationPage>(`/api/users/${userId}/notifications`, query, signal);
  return data;
}

/** Live events invalidate these lists (lib/realtime-notifications.tsx), so a new notification shows at once. */
export const useNotifications = (userId: number, query: ListQuery<NotificationFilter>) =>
  useQuery({
    queryKey: notificationKeys.list(userId, query),
    queryFn: ({ signal }) => getNotifications(userId, query, signal),
    placeholderData: keepPreviousData,
  });
