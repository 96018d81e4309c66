import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATIONS_DEFAULT_SORT, type NotificationType } from '@planpiso/domain';
import { notifications } from '../../db/schema/notifications';
import type { Executor } from '../../db/client';
import { countWithCap, orderBy, pageWindow, withinDays, type Page } from '../../platform/listing';

export type NotificationRow = typeof notifications.$inferSelect;

export type NotificationFilter = {
  type?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
  sort?: string | undefined;
};

const SORTABLE = {
  createdAt: notifications.createdAt,
  type: notifications.type,
  message: notifications.message,
  isReaded: notifications.isReaded,
};

/** A user's notifications that were not deleted: every read of them starts here. */
const visibleTo = (userId: number) => and(eq(notifications.userId, userId), isNull(notifications.deletedAt));

export async function insertNotifications(
  tx: Executor,
  userIds: readonly number[],
  type: NotificationType,
  message: string,
  createdAt: Date,
): Promise<NotificationRow[]> {
  return tx
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, type, message, createdAt })))
    .returning();
}

export async function listNotifications(
  db: Executor,
  userId: number,
  filter: NotificationFilter,
): Promise<Page<NotificationRow>> {
  const conditions: (SQL | undefined)[] = [visibleTo(userId)];
  if (filter.type !== undefined) conditions.push(eq(notifications.type, filter.type));
  // Both ends inclusive, as whole days (the screen picks dates, not times), served by the (user_id, created_at) index.
  conditions.push(...withinDays(notifications.createdAt, filter.from, filter.to));
  const where = and(...conditions);
  const order = orderBy(filter.sort, NOTIFICATIONS_DEFAULT_SORT, SORTABLE, notifications.id);
  const window = pageWindow(filter)!;
  const [items, counted] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    countWithCap(
      db,
      db
        .select({ one: sql`1` })
        .from(notifications)
        .where(where),
    ),
  ]);
  return { items, ...counted };
}

/** Unread, not deleted: the red dot's number (spec 1 §2.9). */
export async function pendingCount(db: Executor, userId: number): Promise<number> {
  const totals = await pendingCounts(db, [userId]);
  return totals.get(userId) ?? 0;
}

export async function pendingCounts(db: Executor, userIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: notifications.userId, total: count() })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...userIds]),
        eq(notifications.isReaded, false),
        isNull(notifications.deletedAt),
      ),
    )
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.total]));
}

/** The user's own notification, locked for the change; another user's (or a deleted one) is not found. */
export async function findOwnForUpdate(tx: Executor, id: number, userId: number) {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(userId)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateNotification(
  tx: Executor,
  id: number,
  change: { isReaded?: boolean; deletedAt?: Date },
): Promise<NotificationRow> {
  const [row] = await tx.update(notifications).set(change).where(eq(notifications.id, id)).returning();
  return row!;
}
