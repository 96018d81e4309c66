import {
  bigint,
  boolean,
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from '../columns';
import { users } from './users';

/** A user's password (argon2id). A temporary one must be replaced at first sign-in and expires. */
export const credentials = pgTable('credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  temporary: boolean('temporary').notNull().default(false),
  temporaryExpiresAt: timestamp('temporary_expires_at', { withTimezone: true }),
  updatedAt: updatedAtColumn(),
});

/** Refresh tokens: only the SHA-256 of the token is stored; rotation revokes the old row. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    /** One per sign-in, kept by every rotation: a rotated token presented again revokes the whole family. */
    familyId: uuid('family_id').notNull().defaultRandom(),
    /** The first sign-in of this chain; access tokens keep it as auth_time across refreshes. */
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('refresh_tokens_user_id_idx').on(t.userId), index('refresh_tokens_family_id_idx').on(t.familyId)],
);

/** Password-reset codes: 6 digits, stored hashed, 1 h, single use, a few tries (ARCHITECTURE §5). */
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('reset_codes_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/** Failed sign-ins per lower-cased e-mail, known or not, so a lockout says nothing about who exists. */
export const signInAttempts = pgTable('sign_in_attempts', {
  email: varchar('email', { length: 320 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: updatedAtColumn(),
});

/**
 * Wrong reset codes per e-mail (known or not) and client address, in a fixed window: the limit stops one client
 * guessing without letting it lock the real user, who comes from elsewhere, out (decision 022).
 */
export const resetCodeFailures = pgTable(
  'reset_code_failures',
  {
    email: varchar('email', { length: 320 }).notNull(),
    client: varchar('client', { length: 100 }).notNull(),
    failures: integer('failures').notNull().default(0),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.client] })],
);

/**
 * Per e-mail (lower-cased, known or not): the wrong reset codes typed from all clients in a window, and the client
 * whose forgot-password request is the e-mail's newest (decision 064). Once the account's wrong codes reach the
 * limit, only that client may still try the code: a flood from strangers blocks them, not the owner.
 */
export const resetCodeGuards = pgTable('reset_code_guards', {
  email: varchar('email', { length: 320 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  failuresWindowEndsAt: timestamp('failures_window_ends_at', { withTimezone: true }),
  requests: integer('requests').notNull().default(0),
  requestsWindowEndsAt: timestamp('requests_window_ends_at', { withTimezone: true }),
  requester: varchar('requester', { length: 100 }),
  requestedAt: timestamp('requested_at', { withTimezone: true }),
});
