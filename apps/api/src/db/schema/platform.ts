import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters for @fastify/rate-limit, in PostgreSQL so every API copy shares them (ARCHITECTURE §1).
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
