import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { financingHeadColumns, vehicleColumns } from '../financing-columns';
import { idColumn, createdAtColumn, updatedAtColumn } from '../columns';
import { provisionUnits } from './financing';
import { users } from './users';

/**
 * Refinancings (spec 3 §3 "Refinancing", §4 "Refinancing status codes"; issue 19; docs/decisions/044). Status 1–10
 * is the domain's REFINANCING_MACHINE; money numeric(14,2) as for provisions. Its total is reserved on the credit
 * line while the refinancing is open (1–7), next to the provisions' (credit-lines/repository.ts holdings). Its
 * typeLine is "1" on create (spec 3 §3, §9).
 */
export const refinancings = pgTable(
  'refinancings',
  {
    id: idColumn(),
    ...financingHeadColumns(),
    status: smallint('status').notNull().default(1),
    /** The units' common term in months (1–6). */
    deadlines: smallint('deadlines').notNull(),
    requireEvidences: boolean('require_evidences').notNull().default(true),
    reviewAf: boolean('review_af').notNull().default(true),
    total: numeric('total', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    /**
     * The administrator (type 2) confirmed every unit's evidence at 3 (decision 045): the refinancing now waits for
     * the operator's Aceptar. Reset when it comes back to 3 (Evidencia completa, Enviar).
     */
    adminValidated: boolean('admin_validated').notNull().default(false),
    /** The date the lender gave on Enviar a CRM (→ 8). */
    approvedDate: date('approved_date', { mode: 'string' }),
    /** The operator's reason on Rechazar (→ 9). */
    rejectComment: varchar('reject_comment', { length: 250 }),
    registerBy: integer('register_by')
      .notNull()
      .references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('refinancings_folio_unique').on(t.folio),
    index('refinancings_company_idx').on(t.companyId, t.folio),
    index('refinancings_status_idx').on(t.status, t.folio),
    index('refinancings_credit_line_idx').on(t.creditLine, t.status),
    check('refinancings_status_range', sql`${t.status} between 1 and 10`),
    check('refinancings_total_not_negative', sql`${t.total} >= 0`),
    check('refinancings_deadlines_range', sql`${t.deadlines} between 1 and 6`),
  ],
);

/**
 * A refinancing's units: a copy of the financed unit taken on create (spec 3 §3 "Copies made on create drop
 * provisionId, createdAt, …"), so the refinancing's review (status, comment, checks) never touches the provision's
 * unit; `sourceUnitId` keeps which financed unit it copies, to refuse it in a second open refinancing.
 */
export const refinancingUnits = pgTable(
  'refinancing_units',
  {
    id: idColumn(),
    refinancingId: integer('refinancing_id')
      .notNull()
      .references(() => refinancings.id, { onDelete: 'cascade' }),
    sourceUnitId: integer('source_unit_id')
      .notNull()
      .references(() => provisionUnits.id),
    ...vehicleColumns(),
    deadlines: smallint('deadlines').notNull(),
    validRepuve: boolean('valid_repuve'),
    validTransunion: boolean('valid_transunion'),
    validAx: boolean('valid_ax'),
    reviewAf: boolean('review_af').notNull().default(true),
    /** 0 blank, 1 approved, 2 disapproved (spec 3 §3, §4). */
    status: smallint('status').notNull().default(0),
    comment: text('comment').notNull().default(''),
    isSold: boolean('is_sold').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('refinancing_units_refinancing_idx').on(t.refinancingId),
    index('refinancing_units_source_idx').on(t.sourceUnitId),
    check('refinancing_units_status_range', sql`${t.status} between 0 and 2`),
    check('refinancing_units_deadlines_range', sql`${t.deadlines} between 1 and 6`),
  ],
);
