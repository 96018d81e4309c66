import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../lib/operation-client';
import { notificationKeys } from '../../lib/realtime-keys';

/**
 * GET /api/users/{id}/pending-notifications → data.total (spec 1 §7). On any failure the dot stays off; a 401
 * still signs out, because the API client reports every 401 before this catch sees it. Live events
 * (lib/realtime-notifications.tsx) keep the same cache entry current between polls.
 */
export async function fetchPendingNotifications(userId: number, signal?: AbortSignal): Promise<number> {
  try {
    const { data } = await callOperation(NOTIFICATION_OPERATIONS.countPendingNotifications, {
      params: { id: userId },
      signal,
    });
    return typeof data?.total === 'number' ? data.total : 0;
  } catch {
    return 0;
  }
}

export function usePendingNotifications(userId: number, enabled: boolean): number {
  const { data } = useQuery({
    queryKey: notificationKeys.pending(userId),
    queryFn: ({ signal }) => fetchPendingNotifications(userId, signal),
    enabled,
    refetchInterval: 60_000,
  });
  return data ?? 0;
}
