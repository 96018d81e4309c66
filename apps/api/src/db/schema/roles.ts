import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';

/** Roles (spec 1 §3): a name and the user type it grants. */
export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    name: varchar('name', { length: 150 }).notNull(),
    description: varchar('description', { length: 250 }).notNull().default(''),
    type: smallint('type').notNull(),
    // No foreign key: users reference roles, and "who registered it" must not block deleting a user's row.
    registerBy: integer('register_by'),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped by every status change: a change made from a stale screen is refused (docs/decisions/016). */
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // Types 2–4 see and hand out only the roles they registered (spec 1 §6): within one registrar's roles a name
    // is unique, whatever its case (issue 14 item 8; the system's roles have no registrar). docs/decisions/021.
    uniqueIndex('roles_name_unique').on(sql`coalesce(${t.registerBy}, 0)`, sql`lower(${t.name})`),
    // The roles list's default sort (name), for type 1 and for a registrar's own roles (issue 15).
    index('roles_list_name_idx').on(sql`lower(${t.name}) collate "C"`, t.id),
    index('roles_list_register_by_name_idx').on(t.registerBy, sql`lower(${t.name}) collate "C"`, t.id),
    index('roles_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
