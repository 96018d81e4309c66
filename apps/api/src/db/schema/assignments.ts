import { boolean, foreignKey, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../columns';
import { accounts, agencies, companies } from './organisation';
import { roles } from './roles';
import { users } from './users';

/**
 * Who is assigned where (spec 2 §4): users to companies and branches, and the lender's operator to each
 * account. Kept apart from organisation.ts because these reference users, and users reference organisation.
 *
 * A dealer user belongs to one account (docs/decisions/024): each assignment carries that account, and two
 * composite foreign keys make the database refuse a company or branch of another account than the user's.
 */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    roleId: integer('role_id').references(() => roles.id),
    /** A default assignment has no remove button (spec 2 §2). */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('user_companies_company_id_idx').on(t.companyId),
    foreignKey({
      name: 'user_companies_company_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [companies.id, companies.accountId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_companies_user_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [users.id, users.accountId],
    }).onDelete('cascade'),
  ],
);

export const userAgencies = pgTable(
  'user_agencies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.agencyId] }),
    index('user_agencies_agency_id_idx').on(t.agencyId),
    foreignKey({
      name: 'user_agencies_agency_account_fk',
      columns: [t.agencyId, t.accountId],
      foreignColumns: [agencies.id, agencies.accountId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_agencies_user_account_fk',
      columns: [t.userId, t.accountId],
      foreignColumns: [users.id, users.accountId],
    }).onDelete('cascade'),
  ],
);

/** One lender operator (type 3) per account; type 1 may change it (spec 2 §4). */
export const accountOperators = pgTable(
  'account_operators',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_operators_user_id_idx').on(t.userId)],
);
