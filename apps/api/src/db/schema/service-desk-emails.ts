import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';

/**
 * The service desk's e-mail addresses (spec 2 §2, §3): copied on the service-desk mails of later issues. Stored
 * lower-case, so the unique index refuses the same address in another case.
 */
export const serviceDeskEmails = pgTable(
  'service_desk_emails',
  {
    id: idColumn(),
    email: varchar('email', { length: 150 }).notNull(),
    registerBy: integer('register_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('service_desk_emails_email_unique').on(t.email),
    check('service_desk_emails_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);
