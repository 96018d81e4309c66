import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The last slot each schedule ran (decision 011): the periodic validations run once per due slot even when
 * several API copies look at the clock at the same minute, or one looks in late.
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: varchar('name', { length: 100 }).primaryKey(),
  lastSlot: varchar('last_slot', { length: 40 }).notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
