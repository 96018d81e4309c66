import { integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../columns';

/**
 * Rate-limit counters for @fastify/rate-limit, in PostgreSQL so every API copy shares them (ARCHITECTURE §1).
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Answers to create requests sent with an `Idempotency-Key` header (ARCHITECTURE §4), so a retried request
 * (a double click, a network retry) gets the first answer instead of creating twice. A row without a status
 * is a request still in progress. Keys are per user and kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    /** `METHOD /path` plus a hash of the body: the same key with another request is a client bug. */
    fingerprint: varchar('fingerprint', { length: 600 }).notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAtColumn(),
    /**
     * The claim's heartbeat: its owner refreshes it while the request runs; an unanswered claim older than the
     * lease belongs to a process that died and is taken over by the retry (issue 27 item 14, decision 069).
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
