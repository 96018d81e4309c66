import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';
import { audits } from './audits';
import { files } from './files';
import { financedUnits } from './financed-units';
import { users } from './users';

/**
 * Lot audits per unit (issue 29 item 3, decision 081): the audit's snapshot of its company's financed units (Vigente
 * or Vendida when the audit was registered — or, for an audit older than this table, when a self-audit was first
 * requested), each checked once on the lot. `result` 1 Encontrada, 2 Vendida, 3 No localizada, 4 En tránsito
 * (LOT_AUDIT_RESULT), null until checked; the time is the server's, the location the browser's when it gave one.
 * VIN, model and amount are copied so the report shows what was audited even after the unit moves on.
 */
export const auditUnits = pgTable(
  'audit_units',
  {
    id: idColumn(),
    auditId: integer('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    financedUnitId: integer('financed_unit_id')
      .notNull()
      .references(() => financedUnits.id),
    vin: varchar('vin', { length: 23 }).notNull(),
    model: varchar('model', { length: 4 }).notNull(),
    description: varchar('description', { length: 50 }).notNull().default(''),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    result: smallint('result'),
    photoFileId: integer('photo_file_id').references(() => files.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: integer('checked_by').references(() => users.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Set when the audit closes and the result is a finding (LOT_AUDIT finding rules): its deadline, YYYY-MM-DD. */
    findingDeadline: date('finding_deadline', { mode: 'string' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('audit_units_audit_unit_unique').on(t.auditId, t.financedUnitId),
    index('audit_units_audit_vin_idx').on(t.auditId, t.vin),
    index('audit_units_financed_unit_idx').on(t.financedUnitId),
    check('audit_units_result_range', sql`${t.result} is null or ${t.result} between 1 and 4`),
    check('audit_units_checked_together', sql`(${t.result} is null) = (${t.checkedAt} is null)`),
    check(
      'audit_units_location',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
  ],
);
