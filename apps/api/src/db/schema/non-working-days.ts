import { date, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';

/**
 * Non-working days (spec 2 §2, §3): a calendar day and its reason, created or deleted only (spec 2 §4). One row per
 * day: the unique index is the rule "a date cannot be registered twice". Deleting removes the row (the audit log
 * keeps what it was), so the day can be registered again.
 */
export const nonWorkingDays = pgTable(
  'non_working_days',
  {
    id: idColumn(),
    /** The Mexico City calendar day, YYYY-MM-DD. */
    date: date('date', { mode: 'string' }).notNull(),
    reason: varchar('reason', { length: 150 }).notNull(),
    registerBy: integer('register_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('non_working_days_date_unique').on(t.date)],
);
