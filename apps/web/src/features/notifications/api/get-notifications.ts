import { type QueryClient, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_OPERATIONS, NOTIFICATIONS_DEFAULT_SORT, type NotificationResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { notificationKeys } from '../../../lib/realtime-keys';
import { getSession } from '../../../lib/session';
import { readListQuery, type ListQuery, listSpec } from '../../../components/list-query';
import { pagedQueryOptions } from '../../../lib/server-list';

export const NOTIFICATION_FILTERS = ['type', 'from', 'to'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
export type NotificationPage = { items: NotificationResponse[]; total: number; totalIsEstimate?: true };

/** GET /api/users/{id}/notifications (spec 1 §7): the caller's own, newest first by default. */
export async function getNotifications(
  userId: number,
  query: ListQuery<NotificationFilter>,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const { data } = await callOperation(NOTIFICATION_OPERATIONS.listNotifications, {
    params: { id: userId },
    query,
    signal,
  });
  return data;
}

/** Live events invalidate these lists (lib/realtime-notifications.tsx), so a new notification shows at once. */
export const notificationsQueryOptions = (userId: number, query: ListQuery<NotificationFilter>) =>
  pagedQueryOptions(notificationKeys.list(userId, query), (signal) => getNotifications(userId, query, signal));

export const useNotifications = (userId: number, query: ListQuery<NotificationFilter>) =>
  useQuery(notificationsQueryOptions(userId, query));

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const NOTIFICATION_LIST = listSpec<NotificationFilter>(NOTIFICATION_FILTERS, NOTIFICATIONS_DEFAULT_SORT);

/** Starts the signed-in user's list call for this URL as the navigation starts (issue 15). */
export const prefetchNotifications = async (params: URLSearchParams, client: QueryClient) => {
  const userId = getSession()?.user.id;
  if (userId !== undefined) {
    await client.prefetchQuery(notificationsQueryOptions(userId, readListQuery(params, NOTIFICATION_LIST)));
  }
};
