import { integer, timestamp } from 'drizzle-orm/pg-core';

// Columns most tables share, spelled once. Functions, not shared objects: each table gets its own column builder.

/** The surrogate key every table has: an identity the database gives. */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** When the row was written (UTC instant). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (UTC instant). */
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
