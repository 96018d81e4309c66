import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_OPERATIONS, type NotificationResponse } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { notificationKeys } from '../../../lib/realtime-keys';
import type { NotificationPage } from './get-notifications';

export type NotificationAction = 'read' | 'delete';

/** PATCH /api/notifications/{id} {action}: mark read or delete (spec 1 §2.9, §7). */
export async function updateNotification(
  id: number,
  action: NotificationAction,
): Promise<{ notification: NotificationResponse; message?: string }> {
  const { data, message } = await callOperation(NOTIFICATION_OPERATIONS.updateNotification, {
    params: { id },
    body: { action },
  });
  return { notification: data, message };
}

export function useUpdateNotification(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: NotificationAction }) => updateNotification(id, action),
    onSuccess: async ({ notification }, { action }) => {
      if (action === 'read') {
        // The row loses its red dot at once; no need to reload the page of the list.
        queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists(userId) }, (page) =>
          page
            ? { ...page, items: page.items.map((n) => (n.id === notification.id ? { ...n, isReaded: true } : n)) }
            : page,
        );
      } else {
        await queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
      }
      await queryClient.invalidateQueries({ queryKey: notificationKeys.pending(userId) });
    },
  });
}
