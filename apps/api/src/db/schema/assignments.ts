import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accounts, agencies, companies } from './organisation';
import { roles } from './roles';
import { users } from './users';

/**
 * Who is assigned where (spec 2 §4): users to companies and branches, and the lender's operator to each
 * account. Kept apart from organisation.ts because these reference users, and users reference organisation.
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
    roleId: integer('role_id').references(() => roles.id),
    /** A default assignment has no remove button (spec 2 §2). */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_companies_company_id_idx').on(t.companyId)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agencyId] }), index('user_agencies_agency_id_idx').on(t.agencyId)],
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
