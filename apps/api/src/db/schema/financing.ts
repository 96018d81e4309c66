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
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { financingHeadColumns, vehicleColumns } from '../financing-columns';
import { idColumn, createdAtColumn, updatedAtColumn } from '../columns';
// A cycle (refinancings.ts reads provision_units): both sides are referenced lazily, inside callbacks.
import { refinancingUnits } from './refinancings';
import { users } from './users';

/**
 * Provisions (disposiciones) and their units (spec 3 §3). Status codes 1–11 and the unit review status 0–3 are
 * the domain's state machines; the columns only store them. Money is numeric(14,2) (ARCHITECTURE §4).
 */
export const provisions = pgTable(
  'provisions',
  {
    id: idColumn(),
    ...financingHeadColumns(),
    /** 1 Creada … 11 Cancelado (spec 3 §4). */
    status: smallint('status').notNull().default(1),
    /** The term in months (plazo). */
    deadlines: smallint('deadlines'),
    description: varchar('description', { length: 250 }).notNull().default(''),
    includeAll: boolean('include_all').notNull().default(false),
    total: numeric('total', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    /** 'Inicio de la disposición' chosen when sent to the CRM. */
    approvedDate: date('approved_date', { mode: 'string' }),
    /**
     * The follow-up page's balances as they stood at Confirmar, taken under the line's lock (decision 054): what was
     * available to the provision and what was left after it. A closed provision shows these, never live figures.
     */
    confirmedAvailable: numeric('confirmed_available', { precision: 14, scale: 2, mode: 'string' }),
    confirmedRemaining: numeric('confirmed_remaining', { precision: 14, scale: 2, mode: 'string' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    registerBy: integer('register_by')
      .notNull()
      .references(() => users.id),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Bumped on every change: a stale write answers 409 (ARCHITECTURE §6). */
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('provisions_folio_unique').on(t.folio),
    index('provisions_company_idx').on(t.companyId, t.createdAt),
    index('provisions_credit_line_idx').on(t.creditLine, t.status),
    // GET /api/provisions (decision 029): the default sort (newest first, the id breaking ties) for everyone, and
    // led by the column each scope or filter narrows to, so a page reads one index range in order.
    index('provisions_list_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.isArchived}`),
    index('provisions_list_company_idx')
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`not ${t.isArchived}`),
    index('provisions_list_account_idx')
      .on(t.accountId, t.createdAt, t.id)
      .where(sql`not ${t.isArchived}`),
    index('provisions_list_register_by_idx')
      .on(t.registerBy, t.createdAt, t.id)
      .where(sql`not ${t.isArchived}`),
    index('provisions_list_agency_idx')
      .on(t.agencyId, t.createdAt, t.id)
      .where(sql`not ${t.isArchived}`),
    // The lender's count (statuses 3–10 of the accounts it reaches, a page's total) read from the index alone: with
    // the status only in the table, the type 3 count fetched every row of its accounts (docs/queries/provisions.md).
    index('provisions_list_account_status_idx')
      .on(t.accountId, t.status)
      .where(sql`not ${t.isArchived}`),
    index('provisions_manual_folio_idx')
      .on(t.manualFolio)
      .where(sql`${t.useManualFolio}`),
    check('provisions_status_range', sql`${t.status} between 1 and 11`),
    check('provisions_total_not_negative', sql`${t.total} >= 0`),
  ],
);

export const provisionUnits = pgTable(
  'provision_units',
  {
    id: idColumn(),
    provisionId: integer('provision_id')
      .notNull()
      .references(() => provisions.id, { onDelete: 'cascade' }),
    ...vehicleColumns(),
    included: boolean('included').notNull().default(true),
    /** The lender's review: 0 pending, 1 correct, 2 incorrect, 3 adjust (spec 3 §4). */
    status: smallint('status').notNull().default(0),
    reviewAf: boolean('review_af').notNull().default(false),
    comment: text('comment').notNull().default(''),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    deadlines: smallint('deadlines'),
    isSold: boolean('is_sold').notNull().default(false),
    /**
     * Made available for refinancing by the layout's Aplicar (spec 3 §7 `canRefinancing`, decision 043), with its
     * term in `deadlines`.
     */
    canRefinance: boolean('can_refinance').notNull().default(false),
    /** The latest verdicts (null: not checked yet); their history is unit_validations. */
    validInvoice: boolean('valid_invoice'),
    validRepuve: boolean('valid_repuve'),
    validTransunion: boolean('valid_transunion'),
    validAx: boolean('valid_ax'),
    /**
     * Under review (spec 3 §2 "Units under review", decision 030): the lender sent the unit of a rejected provision
     * back to its dealer operator, `reviewBy` (the provision's registerBy, copied so the list reads one index),
     * who draws it again in a new provision or removes it.
     */
    inReview: boolean('in_review').notNull().default(false),
    reviewBy: integer('review_by').references(() => users.id),
    /** Bumped by every review change: a stale screen's action answers 409 (decision 016). */
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('provision_units_provision_idx').on(t.provisionId),
    index('provision_units_vin_idx').on(t.vinNumber),
    // GET /units/review: the caller's units in review, by VIN (spec 3 §9: VIN descending by default).
    index('provision_units_review_idx')
      .on(t.reviewBy, t.vinNumber)
      .where(sql`${t.inReview}`),
    check('provision_units_review_owner', sql`not ${t.inReview} or ${t.reviewBy} is not null`),
    check('provision_units_status_range', sql`${t.status} between 0 and 3`),
    check('provision_units_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Every REPUVE / TransUnion / AX verdict ever taken for a VIN (GET /reports/historical-validations): who asked
 * (null: the scheduled job), when, which check (1 REPUVE, 2 TransUnion, 3 AX, spec 3 §3; 4 the unit's CFDI invoice,
 * decision 035) and the verdict.
 */
export const unitValidations = pgTable(
  'unit_validations',
  {
    id: idColumn(),
    unitId: integer('unit_id').references(() => provisionUnits.id, { onDelete: 'set null' }),
    vin: varchar('vin', { length: 23 }).notNull(),
    check: smallint('check').notNull(),
    valid: boolean('valid').notNull(),
    reason: text('reason').notNull().default(''),
    requestedBy: integer('requested_by').references(() => users.id),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unit_validations_vin_idx').on(t.vin, t.validatedAt),
    // The validations report's VIN "contains" filter (issue 15).
    index('unit_validations_vin_trgm_idx').using('gin', sql`${t.vin} gin_trgm_ops`),
    index('unit_validations_at_idx').on(t.validatedAt),
    check('unit_validations_check_range', sql`${t.check} between 1 and 4`),
  ],
);

/**
 * Units on their way into the CRM (ARCHITECTURE §6: queued in the business transaction, never lost). A row is
 * 'queued' until an insertion cycle takes it; 'inserted' once the CRM answered with its credit number; 'failed'
 * rows are the credit failures (spec 2 "Credit failures"): Reintentar puts one back to 'queued', Insertar tries
 * at once, Remover archives it. The idempotency key makes a repeated insertion happen once in the CRM.
 */
export const crmInsertions = pgTable(
  'crm_insertions',
  {
    id: idColumn(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => provisionUnits.id),
    provisionId: integer('provision_id')
      .notNull()
      .references(() => provisions.id),
    /**
     * A refinanced unit sent to the CRM by its refinancing (decision 046): `unitId`/`provisionId` name the financed
     * unit it copies (source_unit_id) and its provision; the insertion carries the refinancing's line, folio, term,
     * date and amount.
     */
    refinancingUnitId: integer('refinancing_unit_id').references(() => refinancingUnits.id),
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    /** Bumped by every move: a credit-failure action from a stale screen is refused (docs/decisions/016). */
    version: integer('version').notNull().default(1),
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    /** When the last attempt ended (the screen's Fecha and Hora). */
    lastDate: timestamp('last_date', { withTimezone: true }),
    creditNumber: varchar('credit_number', { length: 50 }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('crm_insertions_status_idx').on(t.status, t.lastDate),
    // A unit is on its way into the CRM at most once (by its provision, and once by each refinancing); an archived
    // attempt no longer counts.
    uniqueIndex('crm_insertions_unit_open_unique')
      .on(t.unitId)
      .where(sql`${t.status} <> 'archived' and ${t.refinancingUnitId} is null`),
    uniqueIndex('crm_insertions_refinancing_unit_open_unique')
      .on(t.refinancingUnitId)
      .where(sql`${t.status} <> 'archived' and ${t.refinancingUnitId} is not null`),
    // 'released': Liberar's units, waiting for the CRM to list them (decision 055); the cycle never takes them.
    check('crm_insertions_status_values', sql`${t.status} in ('queued', 'inserted', 'failed', 'archived', 'released')`),
  ],
);
