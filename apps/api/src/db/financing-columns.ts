import { boolean, integer, numeric, varchar } from 'drizzle-orm/pg-core';
import { accountColumn, agencies, companyColumn } from './schema/organisation';
import { users } from './schema/users';

// What a provision and a refinancing store alike (issue 28 item 1: one financing operation), spelled once.

/** The head of a financing operation: its folio, whose it is, who signs and which credit line it draws on. */
export const financingHeadColumns = () => ({
  /** The number users quote ("N° de Disposición"); given at creation, never reused. */
  folio: integer('folio').notNull().generatedAlwaysAsIdentity({ startWith: 1000 }),
  manualFolio: varchar('manual_folio', { length: 250 }),
  useManualFolio: boolean('use_manual_folio').notNull().default(false),
  accountId: accountColumn(),
  companyId: companyColumn(),
  agencyId: integer('agency_id').references(() => agencies.id),
  /** The legal representative (a type 4 user) who signs. */
  legalId: integer('legal_id').references(() => users.id),
  /** The CRM's lineaCredito. */
  creditLine: varchar('credit_line', { length: 50 }).notNull(),
  /** 100000000 Nuevos, 100000001 Seminuevos. */
  typeLine: varchar('type_line', { length: 9 }).notNull(),
});

/** The vehicle a unit finances, as the dealer's CSV described it (spec 3 §5), and the amount financed. */
export const vehicleColumns = () => ({
  vinNumber: varchar('vin_number', { length: 23 }).notNull(),
  /** SUCURSAL as the dealer wrote it (CSV column, max 20). */
  agency: varchar('agency', { length: 20 }).notNull(),
  brandName: varchar('brand_name', { length: 15 }).notNull(),
  type: varchar('type', { length: 8 }).notNull(),
  /** The model year, as text (spec 3 §5). */
  model: varchar('model', { length: 4 }).notNull(),
  description: varchar('description', { length: 50 }).notNull(),
  color: varchar('color', { length: 35 }).notNull(),
  insideColor: varchar('inside_color', { length: 70 }).notNull(),
  motorNumber: varchar('motor_number', { length: 25 }).notNull(),
  amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
});
