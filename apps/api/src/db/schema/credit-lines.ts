import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';
import { companies } from './organisation';

/**
 * The lender's credit lines as last read from the CRM (ARCHITECTURE §6 "No overdraw", decision 015). The CRM owns
 * the amounts; this row is refreshed from it (never from the browser) before an operation reserves money, and it is
 * the row that provisions and refinancings lock (SELECT … FOR UPDATE) while they decide a reservation, so two
 * requests cannot both spend the same balance. Provisions name their line by `provisions.credit_line` =
 * `crm_line_id` (the CRM's lineaCredito), a natural key: no foreign key, so rows written before this table existed
 * stay valid.
 */
export const creditLines = pgTable(
  'credit_lines',
  {
    id: idColumn(),
    /** The CRM's lineaCredito ('LC-10001-01'). */
    crmLineId: varchar('crm_line_id', { length: 50 }).notNull(),
    /** The CRM's numeroCliente the line belongs to. */
    clientNumber: varchar('client_number', { length: 50 }).notNull(),
    /** The registered company of that client, when there is one. */
    companyId: integer('company_id').references(() => companies.id),
    /** 100000000 Nuevos, 100000001 Seminuevos. */
    typeLine: varchar('type_line', { length: 9 }).notNull(),
    montoAutorizado: numeric('monto_autorizado', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    /** What the CRM said remains at `refreshed_at`; open provisions' reservations are not subtracted yet. */
    montoRestante: numeric('monto_restante', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    /** The CRM's terms text ('1|2|3|6'). */
    plazos: varchar('plazos', { length: 100 }).notNull().default(''),
    /** When the CRM was asked for this view (an older read never overwrites a newer one). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('credit_lines_crm_line_unique').on(t.crmLineId),
    index('credit_lines_client_idx').on(t.clientNumber),
    check('credit_lines_monto_restante_not_negative', sql`${t.montoRestante} >= 0`),
  ],
);
