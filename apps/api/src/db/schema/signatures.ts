import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, updatedAtColumn } from '../columns';
import { accountColumn, companyColumn } from './organisation';

/**
 * Who signs a company's documents on one credit line (spec 2 "Signer configuration"): one configuration per company
 * and line, with one signature per party (the company's legal representatives, each guarantor). The provisions'
 * signing documents read it.
 */
export const signatureConfigs = pgTable(
  'signature_configs',
  {
    id: idColumn(),
    accountId: accountColumn(),
    companyId: companyColumn(),
    creditLine: varchar('credit_line', { length: 50 }).notNull(),
    isElectronic: boolean('is_electronic').notNull(),
    /** The configuration format (spec 2 §9: 1); a stored one of another version is not offered for editing. */
    version: smallint('version').notNull(),
    registerBy: integer('register_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [unique('signature_configs_company_line_key').on(t.companyId, t.creditLine)],
);

export const signatureConfigSigners = pgTable(
  'signature_config_signers',
  {
    id: idColumn(),
    configId: integer('config_id')
      .notNull()
      .references(() => signatureConfigs.id, { onDelete: 'cascade' }),
    /** The party that must sign: 'legal:{clientId}' (the company) or 'aval:{numeroCliente}' (a guarantor). */
    keySigner: varchar('key_signer', { length: 100 }).notNull(),
    clientId: varchar('client_id', { length: 50 }).notNull(),
    /** Who signs for it: a person's id in the CRM, or a custom signer's id. */
    signerId: varchar('signer_id', { length: 100 }).notNull(),
    signedBy: varchar('signed_by', { length: 300 }).notNull(),
    isLegal: boolean('is_legal').notNull(),
    isCustom: boolean('is_custom').notNull(),
    isJoint: boolean('is_joint').notNull(),
    /** For a joint signature, the chosen people's ids as a JSON list (spec 2 §3). */
    selectedValue: text('selected_value').notNull().default(''),
  },
  (t) => [index('signature_config_signers_config_idx').on(t.configId)],
);

/** Signers the lender adds by hand for a company and line when the documents are signed on paper. */
export const customSigners = pgTable(
  'custom_signers',
  {
    id: idColumn(),
    accountId: accountColumn(),
    companyId: companyColumn(),
    creditLine: varchar('credit_line', { length: 50 }).notNull(),
    fullName: varchar('full_name', { length: 150 }).notNull(),
    registerBy: integer('register_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('custom_signers_company_line_idx').on(t.companyId, t.creditLine),
    // The signer picker of one company and line lists them by name: no two alike there (issue 14 item 8).
    uniqueIndex('custom_signers_name_unique').on(t.companyId, t.creditLine, sql`lower(${t.fullName})`),
  ],
);
