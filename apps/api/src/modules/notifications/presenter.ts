import type { NotificationResponse } from '@planpiso/domain';
import type { NotificationRow } from './repository';

/** A notification as the API and the live event carry it (spec 1 §3); createdAt is an ISO timestamp. */
export function presentNotification(row: NotificationRow): NotificationResponse {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    isReaded: row.isReaded,
    createdAt: row.createdAt.toISOString(),
  };
}
