import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The service desk's e-mail addresses (spec 2 §2, §3): copied on the service-desk mails of later issues. Stored
 * lower-case, so the unique index refuses the same address in another case.
 */
export const serviceDeskEmails = pgTable(
  'service_desk_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 150 }).notNull(),
    registerBy: integer('register_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_desk_emails_email_unique').on(t.email),
    check('service_desk_emails_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);
