import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, updatedAtColumn } from '../columns';
import { crmInsertions, provisionUnits, provisions } from './financing';
import { files } from './files';
import { accounts, agencies, companies } from './organisation';
import { refinancingUnits, refinancings } from './refinancings';
import { users } from './users';

/**
 * The financed-units register (issue 29 item 1): one row per released unit — a provision's or a refinancing's unit
 * released (Liberar, status 10) or inserted by the CRM — written in the transaction of that move, once per unit (the
 * two unique indexes). Whose it is (account, company, branch) is copied from its operation so the list's scope and
 * filters read this table alone. Status 1 Vigente, 2 Vendida (por liquidar), 3 Liquidada, 4 Vencida sin liquidar
 * (FINANCED_UNIT_STATUS); money numeric(14,2).
 */
export const financedUnits = pgTable(
  'financed_units',
  {
    id: idColumn(),
    /** The provision unit (for a refinanced unit, the one its refinancing copies) and its provision. */
    provisionUnitId: integer('provision_unit_id')
      .notNull()
      .references(() => provisionUnits.id),
    provisionId: integer('provision_id')
      .notNull()
      .references(() => provisions.id),
    /** A refinanced unit: its refinancing's unit and refinancing; null for a provision's own. */
    refinancingUnitId: integer('refinancing_unit_id').references(() => refinancingUnits.id),
    refinancingId: integer('refinancing_id').references(() => refinancings.id),
    /** The insertion row that released or inserted it (its credit number arrives there). */
    crmInsertionId: integer('crm_insertion_id')
      .notNull()
      .references(() => crmInsertions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    agencyId: integer('agency_id').references(() => agencies.id),
    /** The operation's folio (its manual folio, when it uses one, is read from the operation). */
    folio: integer('folio').notNull(),
    creditLine: varchar('credit_line', { length: 50 }).notNull(),
    vin: varchar('vin', { length: 23 }).notNull(),
    brand: varchar('brand', { length: 15 }).notNull(),
    model: varchar('model', { length: 4 }).notNull(),
    description: varchar('description', { length: 50 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    /** The CRM's noCredito: null until the CRM gives it. */
    creditNumber: varchar('credit_number', { length: 50 }),
    releasedOn: date('released_on', { mode: 'string' }).notNull(),
    /** The term in months (plazo). */
    term: smallint('term').notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    soldAt: date('sold_at', { mode: 'string' }),
    soldReportedBy: integer('sold_reported_by').references(() => users.id),
    soldEvidenceFileId: integer('sold_evidence_file_id').references(() => files.id),
    payoffDueDate: date('payoff_due_date', { mode: 'string' }),
    paidAt: date('paid_at', { mode: 'string' }),
    /**
     * When the grace ended unpaid (Vencida sin liquidar), the database's time: the hold compares it with an
     * exception's approval, also stamped by the database (an approval older than the hold does not lift it).
     */
    soldOutOfTrustAt: timestamp('sold_out_of_trust_at', { withTimezone: true }),
    /** When the "grace ends soon" notice went out (payoff-grace.ts reminderDate): sent once (decision 080). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * The CRM's money for the credit as the reconciliation job last read it (decision 080): the list shows these, so
     * a page of the register costs no CRM call; a unit's detail asks the CRM live. Null until first read.
     */
    balancePrincipal: numeric('balance_principal', { precision: 14, scale: 2, mode: 'string' }),
    balanceInterest: numeric('balance_interest', { precision: 14, scale: 2, mode: 'string' }),
    balancePaidTotal: numeric('balance_paid_total', { precision: 14, scale: 2, mode: 'string' }),
    nextCurtailmentDate: date('next_curtailment_date', { mode: 'string' }),
    nextCurtailmentAmount: numeric('next_curtailment_amount', { precision: 14, scale: 2, mode: 'string' }),
    /** The business day those balances are for. */
    balanceAsOf: date('balance_as_of', { mode: 'string' }),
    /** Bumped on every change: a stale write answers 409 (ARCHITECTURE §6). */
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // A unit appears once: by its provision, and once by each refinancing that financed it again.
    uniqueIndex('financed_units_provision_unit_unique')
      .on(t.provisionUnitId)
      .where(sql`${t.refinancingUnitId} is null`),
    uniqueIndex('financed_units_refinancing_unit_unique')
      .on(t.refinancingUnitId)
      .where(sql`${t.refinancingUnitId} is not null`),
    index('financed_units_insertion_idx').on(t.crmInsertionId),
    // The list (200,000 rows): the default sort led by the column each scope narrows to, so a page reads one index
    // range in order (decision 025): type 1 everything, type 3 (and 2) its accounts, 4 and 5 their companies.
    // Its status and account ride along after the id (which already orders every row): a release-days range (the
    // aging filter) counts its units from the index alone, not from thousands of scattered heap pages.
    index('financed_units_released_idx').on(t.releasedOn, t.id, t.status, t.accountId),
    index('financed_units_account_idx').on(t.accountId, t.releasedOn, t.id),
    index('financed_units_company_idx').on(t.companyId, t.releasedOn, t.id),
    index('financed_units_agency_idx').on(t.agencyId, t.releasedOn, t.id),
    // The status filter and the hold's count (units of a company in one status).
    index('financed_units_company_status_idx').on(t.companyId, t.status),
    index('financed_units_status_idx').on(t.status, t.releasedOn, t.id),
    index('financed_units_folio_idx').on(t.folio),
    // The register sorted by amount (the lender's largest exposures first), for every unit and for an account's.
    index('financed_units_amount_idx').on(t.amount, t.id),
    index('financed_units_account_amount_idx').on(t.accountId, t.amount, t.id),
    index('financed_units_credit_number_idx')
      .on(t.creditNumber)
      .where(sql`${t.creditNumber} is not null`),
    // The VIN "contains" filter (as the validations report's).
    index('financed_units_vin_trgm_idx').using('gin', sql`${t.vin} gin_trgm_ops`),
    check('financed_units_status_range', sql`${t.status} between 1 and 4`),
    check('financed_units_amount_positive', sql`${t.amount} > 0`),
    check('financed_units_term_positive', sql`${t.term} > 0`),
    check('financed_units_sold_after_release', sql`${t.soldAt} is null or ${t.soldAt} >= ${t.releasedOn}`),
  ],
);

/**
 * A financed unit's history (issue 29: "a unit's detail shows its whole history"): one row per move — released,
 * creditAssigned, sold, paid, audited, soldOutOfTrust — who (null: the system), when and what it carried.
 */
export const financedUnitEvents = pgTable(
  'financed_unit_events',
  {
    id: idColumn(),
    financedUnitId: integer('financed_unit_id')
      .notNull()
      .references(() => financedUnits.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('financed_unit_events_unit_idx').on(t.financedUnitId, t.at, t.id)],
);
