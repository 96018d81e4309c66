import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';
import { users } from './users';

/**
 * A user's notifications (spec 1 §3: type 1 Disposición, 2 Excepción). Deleting one only stamps `deleted_at`
 * (the list and the pending count leave it out), so what was sent stays on record.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    message: text('message').notNull(),
    // The spec's field name (spec 1 §3), kept so the column and the JSON read the same.
    isReaded: boolean('is_readed').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('notifications_type_known', sql`${t.type} in (1, 2)`),
    // The list (newest first, id as the tie-break) reads one user's visible rows in index order (issue 15).
    index('notifications_user_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // The red dot: one user's unread, visible rows, counted from this small index alone.
    index('notifications_user_pending_idx')
      .on(t.userId)
      .where(sql`${t.isReaded} = false and ${t.deletedAt} is null`),
  ],
);
