import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, smallint, varchar, index, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';

/**
 * Accounts, their companies and branches (spec 2). `registerBy` columns carry no foreign key so this file
 * does not depend on users (users depend on it); assignments to users live in assignments.ts.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 150 }),
    /** 1 Holding, 2 Persona moral/física (spec 2 §9). */
    type: smallint('type').notNull(),
    registerBy: integer('register_by'),
    isActive: boolean('is_active').notNull().default(true),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The accounts list and picker (issue 15): default sort by name over live accounts; name contains-search.
    index('accounts_list_name_idx')
      .on(sql`lower(${t.name}) collate "C"`, t.id)
      .where(sql`${t.isArchived} = false`),
    index('accounts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** The dealer account a row belongs to (every row of a dealer's data carries it: scope reads one column). */
export const accountColumn = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id);

export const companies = pgTable(
  'companies',
  {
    id: idColumn(),
    accountId: accountColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    legalName: varchar('legal_name', { length: 250 }),
    /** The lender's CRM client id (numeroCliente, e.g. 10001). */
    clientId: varchar('client_id', { length: 50 }).unique(),
    registerBy: integer('register_by'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('companies_account_id_idx').on(t.accountId),
    // The target of the (company, account) foreign keys that keep assignments inside one account (decision 024).
    unique('companies_id_account_id_unique').on(t.id, t.accountId),
    // The companies list and an account's companies, by name (issue 15).
    index('companies_list_name_idx').on(sql`lower(${t.name}) collate "C"`, t.id),
    index('companies_list_account_name_idx').on(t.accountId, sql`lower(${t.name}) collate "C"`, t.id),
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** The company a row belongs to. */
export const companyColumn = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

/** Branches ("sucursales", also called agencies in the API paths). */
export const agencies = pgTable(
  'agencies',
  {
    id: idColumn(),
    accountId: accountColumn(),
    companyId: companyColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    address: varchar('address', { length: 300 }).notNull().default(''),
    description: varchar('description', { length: 250 }).notNull().default(''),
    registerBy: integer('register_by'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('agencies_company_id_idx').on(t.companyId),
    index('agencies_account_id_idx').on(t.accountId),
    // A branch is picked by name within its company (user form, provisions): no two alike (issue 14 item 8).
    uniqueIndex('agencies_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
    // The target of the (branch, account) foreign keys that keep assignments inside one account (decision 024).
    unique('agencies_id_account_id_unique').on(t.id, t.accountId),
    // The branches list and picker by name, for everyone and per account (issue 15).
    index('agencies_list_name_idx').on(sql`lower(${t.name}) collate "C"`, t.id),
    index('agencies_list_account_name_idx').on(t.accountId, sql`lower(${t.name}) collate "C"`, t.id),
    index('agencies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
