import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';
import { accounts, agencies, companies } from './organisation';
import { roles } from './roles';

/** Users (spec 1 §3). `companyId` is the active company a dealer picks in the header (spec 1 §2.3). */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    firstname: varchar('firstname', { length: 150 }).notNull(),
    lastname: varchar('lastname', { length: 150 }).notNull(),
    /** Always stored lower-case, so the unique index is the case-insensitive rule sign-in relies on. */
    email: varchar('email', { length: 150 }).notNull(),
    /** Semicolon-separated (spec 1 §3). */
    additionalEmails: text('additional_emails').notNull().default(''),
    phone: varchar('phone', { length: 13 }).notNull().default(''),
    type: smallint('type').notNull(),
    roleId: integer('role_id').references(() => roles.id),
    accountId: integer('account_id').references(() => accounts.id),
    companyId: integer('company_id').references(() => companies.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    registerBy: integer('register_by').references((): AnyPgColumn => users.id),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped by every status change: a change made from a stale screen is refused (docs/decisions/016). */
    version: integer('version').notNull().default(1),
    /**
     * Carried in every access token (`sv`); sign-out, a new or reset password, a resent temporary password and
     * deactivation bump it, so every access token issued before answers 401 at once (decision 022).
     */
    sessionVersion: integer('session_version').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    legalId: varchar('legal_id', { length: 50 }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_type_known', sql`${t.type} between 1 and 5`),
    index('users_account_id_idx').on(t.accountId),
    index('users_company_id_idx').on(t.companyId),
    index('users_register_by_idx').on(t.registerBy),
    // A dealer's assignments name its account; these keys tie them to it (decision 024).
    unique('users_id_account_id_unique').on(t.id, t.accountId),
    // The active company and branch are of the user's own account (decision 024).
    foreignKey({
      name: 'users_company_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [companies.id, companies.accountId],
    }),
    foreignKey({
      name: 'users_agency_account_fk',
      columns: [t.agencyId, t.accountId],
      foreignColumns: [agencies.id, agencies.accountId],
    }),
    // The users list (issue 15): its default sort, the e-mail by code point (stored lower-case, so the same order as
    // lower(email)), for type 1 and per scope column (a dealer's account, a registrar's users), over live users only.
    // The e-mail itself is the key, not lower(email): PostgreSQL reads an expression index index-only only when
    // the expression's columns are in it, and the list pages its ids from these indexes alone.
    index('users_list_email_idx')
      .on(sql`${t.email} collate "C"`, t.id)
      .where(sql`${t.isArchived} = false`),
    index('users_list_account_email_idx')
      .on(t.accountId, sql`${t.email} collate "C"`, t.id)
      .where(sql`${t.isArchived} = false`),
    index('users_list_register_by_email_idx')
      .on(t.registerBy, sql`${t.email} collate "C"`, t.id)
      .where(sql`${t.isArchived} = false`),
    // The created-between filter (and its count) as a range on the bare column.
    index('users_list_created_idx')
      .on(t.createdAt)
      .where(sql`${t.isArchived} = false`),
    // "Contains" searches on e-mail and full name (ILIKE '%…%') need trigrams (pg_trgm, migration 0012).
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`(${t.firstname} || ' ' || ${t.lastname}) gin_trgm_ops`),
  ],
);
