import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, time, varchar } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from '../columns';

/**
 * The provisions configuration (spec 2 §2 "Provisions configuration", §3): one row, id 1. The operating window
 * (startOperation, endOperation) gates every provision action (ARCHITECTURE §6); `provisionDays` is how long a
 * provision stays valid; the three periodic validations (AX, TransUnion, REPUVE) run every `*Days` days at
 * `*Time` in Mexico City time and drive the scheduled validation jobs. The screen's save sends each as
 * {days, hours}; unlike the original screen, AX keeps its own value (docs/decisions).
 */
export const provisionSettings = pgTable(
  'provision_settings',
  {
    id: smallint('id').primaryKey().default(1),
    email: varchar('email', { length: 150 }).notNull().default(''),
    startOperation: time('start_operation').notNull().default('09:00'),
    endOperation: time('end_operation').notNull().default('18:00'),
    provisionDays: integer('provision_days').notNull().default(30),
    axDays: integer('ax_days').notNull().default(1),
    axTime: time('ax_time').notNull().default('02:00'),
    transunionDays: integer('transunion_days').notNull().default(1),
    transunionTime: time('transunion_time').notNull().default('02:30'),
    repuveDays: integer('repuve_days').notNull().default(1),
    repuveTime: time('repuve_time').notNull().default('03:00'),
    /** Issue 29 §2: the days a sold unit's payoff may wait (business days, decision 079), 1 to 90. */
    payoffGraceDays: integer('payoff_grace_days').notNull().default(10),
    /** Issue 29 §1: the financed-units register's reconciliation with the CRM, like the periodic validations. */
    registerDays: integer('register_days').notNull().default(1),
    registerTime: time('register_time').notNull().default('04:00'),
    updatedBy: integer('updated_by'),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('provision_settings_single_row', sql`${t.id} = 1`),
    check(
      'provision_settings_days_not_negative',
      sql`${t.provisionDays} >= 0 and ${t.axDays} >= 0 and ${t.transunionDays} >= 0 and ${t.repuveDays} >= 0`,
    ),
  ],
);
