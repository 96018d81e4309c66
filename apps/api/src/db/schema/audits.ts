import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, updatedAtColumn } from '../columns';
import { accountColumn, companyColumn } from './organisation';
import { users } from './users';

/** The audit's number, never reused (shown as the folio in the audits list and the calendar's 'folio-auditor'). */
export const auditFolioSeq = pgSequence('audit_folio_seq', { startWith: 1 });

/**
 * Audits of a dealer's company (spec 3 §3 "Audit", §4 "Audit"). While an audit with `isSuspended` runs (its days
 * include today) the company's provisions panel is suspended: the eligibility check counts it (decision 030). The
 * screens that create and edit audits come with a later issue; until then the table may be empty.
 */
export const audits = pgTable(
  'audits',
  {
    id: idColumn(),
    folio: varchar('folio', { length: 30 })
      .notNull()
      .unique()
      .default(sql`nextval('audit_folio_seq')::text`),
    auditor: varchar('auditor', { length: 150 }).notNull(),
    description: text('description').notNull().default(''),
    accountId: accountColumn(),
    companyId: companyColumn(),
    isSuspended: boolean('is_suspended').notNull().default(false),
    registerBy: integer('register_by').references(() => users.id),
    /** Whole days (spec 3 §3: sent as YYYY-MM-DD), both inclusive. */
    initialDate: date('initial_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Lot audits per unit (issue 29 §3, decision 081): 1 En curso, 2 Cerrada (LOT_AUDIT_STATUS). */
    status: smallint('status').notNull().default(1),
    /** The self-audit the lender requested of the company: its last day; null when none was requested. */
    selfAuditDeadline: date('self_audit_deadline', { mode: 'string' }),
    /** When the company's financed units were copied into audit_units (null: an audit older than the copy). */
    unitsSnapshotAt: timestamp('units_snapshot_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The eligibility check: a company's suspending audits whose days include a given day.
    index('audits_company_suspended_idx')
      .on(t.companyId, t.initialDate, t.endDate)
      .where(sql`${t.isSuspended}`),
    index('audits_register_by_idx').on(t.registerBy),
    check('audits_auditor_length', sql`char_length(${t.auditor}) between 1 and 150`),
    check('audits_dates_ordered', sql`${t.endDate} >= ${t.initialDate}`),
    check('audits_status_range', sql`${t.status} between 1 and 2`),
    index('audits_company_status_idx').on(t.companyId, t.status),
  ],
);
