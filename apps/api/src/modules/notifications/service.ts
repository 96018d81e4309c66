import { MESSAGES, type NotificationResponse, type NotificationType } from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { PENDING_NOTIFICATIONS_EVENT, userEvent, type Realtime } from '../../platform/realtime';
import { afterCommit, transaction } from '../../platform/transaction';
import type { Executor } from '../../db/client';
import { presentNotification } from './presenter';
import * as repo from './repository';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Notifications (spec 1 §2.9): `notify` for the services of later issues, and the user's own list, pending count
 * and read/delete. Nobody reaches another user's notifications: their ids answer 404.
 */
export function createNotificationsService(
  { db, clock, log }: Pick<AppDeps, 'db' | 'clock' | 'log'>,
  realtime: Pick<Realtime, 'toUser'>,
) {
  /** Sends each user's new unread total to their sockets (the red dot); a failure only costs the live update. */
  async function pushPendingTotals(userIds: readonly number[]) {
    const totals = await repo.pendingCounts(db, userIds);
    for (const userId of userIds) {
      realtime.toUser(userId, PENDING_NOTIFICATIONS_EVENT, { total: totals.get(userId) ?? 0 });
    }
  }

  function ownUser(caller: AuthUser, userId: number) {
    // Only one's own notifications exist for the caller (spec 1 §7; ARCHITECTURE §6: foreign rows are 404).
    if (userId !== caller.id) throw notFound();
  }

  return {
    /**
     * Writes one notification per user inside the caller's transaction and, once that transaction commits, pushes
     * each to its user's sockets (event = the user id, spec 1 §2.9) with the new pending total. Open the
     * transaction with `transaction()` (platform/transaction.ts); with the plain database handle the rows commit
     * at once and are pushed straight away. A rollback pushes nothing.
     */
    async notify(
      tx: Executor,
      userIds: readonly number[],
      type: NotificationType,
      message: string,
    ): Promise<NotificationResponse[]> {
      const recipients = [...new Set(userIds)];
      if (recipients.length === 0) return [];
      const rows = await repo.insertNotifications(tx, recipients, type, message, clock.now());
      const created = rows.map(presentNotification);
      await afterCommit(tx, async () => {
        try {
          rows.forEach((row, i) => realtime.toUser(row.userId, userEvent(row.userId), created[i]));
          await pushPendingTotals(recipients);
        } catch (error) {
          // The rows are committed and the list shows them; only the live push was lost.
          log.warn({ err: error, userIds: recipients }, 'notifications: live push failed');
        }
      });
      return created;
    },

    async list(caller: AuthUser, userId: number, filter: repo.NotificationFilter) {
      ownUser(caller, userId);
      const page = await repo.listNotifications(db, userId, filter);
      return {
        items: page.items.map(presentNotification),
        total: page.total,
        ...(page.totalIsEstimate && { totalIsEstimate: page.totalIsEstimate }),
      };
    },

    async pending(caller: AuthUser, userId: number) {
      ownUser(caller, userId);
      return { total: await repo.pendingCount(db, userId) };
    },

    /** Marks read or deletes (softly) one of the caller's notifications; answers it as it now is. */
    async update(caller: AuthUser, id: number, action: 'read' | 'delete', requestId: string) {
      const updated = await transaction(db, async (tx) => {
        const before = await repo.findOwnForUpdate(tx, id, caller.id);
        if (!before) throw notFound(MESSAGES.notificationNotFound);
        // Opening a notification already read changes nothing, so there is nothing to record.
        if (action === 'read' && before.isReaded) return before;
        const change = action === 'read' ? { isReaded: true } : { deletedAt: clock.now() };
        const after = await repo.updateNotification(tx, id, change);
        await writeAudit(tx, {
          actor: caller.id,
          action: action === 'read' ? 'notifications.read' : 'notifications.deleted',
          entity: 'notification',
          entityId: id,
          before: { isReaded: before.isReaded, deletedAt: before.deletedAt },
          after: { isReaded: after.isReaded, deletedAt: after.deletedAt },
          requestId,
        });
        // The caller's other tabs (and devices) update their red dot too.
        await afterCommit(tx, () =>
          pushPendingTotals([caller.id]).catch((error: unknown) =>
            log.warn({ err: error, userId: caller.id }, 'notifications: live pending total failed'),
          ),
        );
        return after;
      });
      return {
        data: presentNotification(updated),
        ...(action === 'delete' ? { message: MESSAGES.notificationDeleted } : {}),
      };
    },
  };
}
