import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSequence, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn, updatedAtColumn } from '../columns';
import { accountColumn, companyColumn } from './organisation';

/** The exception's number ("N° de excepción", spec 3 §2), never reused; shown and filtered as text. */
export const exceptionFolioSeq = pgSequence('exception_folio_seq', { startWith: 1 });

/**
 * Exception requests (spec 3 "Exceptions", §4 "Exception states"): a dealer asks to draw although balances or audits
 * block it; the lender's operator reviews it (status 1) and an administrator approves (2) or rejects (3) it. The
 * provisions' eligibility check reads the company's latest one. Its evidence files are in `evidences` (files.ts).
 */
export const exceptions = pgTable(
  'exceptions',
  {
    id: idColumn(),
    folio: varchar('folio', { length: 30 })
      .notNull()
      .unique()
      .default(sql`nextval('exception_folio_seq')::text`),
    accountId: accountColumn(),
    companyId: companyColumn(),
    registerBy: integer('register_by'),
    /** Spec 3 §9: types 2, 3, 5; requests default to 1. */
    type: smallint('type').notNull().default(1),
    comment: text('comment').notNull(),
    /** 0 pending, 1 reviewed by the operator, 2 approved, 3 rejected. */
    status: smallint('status').notNull().default(0),
    commentOF: text('comment_of'),
    commentAF: text('comment_af'),
    isApproved: boolean('is_approved'),
    operatorId: integer('operator_id'),
    adminId: integer('admin_id'),
    /** Bumped by every status change (applyTransition, docs/decisions/016). */
    version: integer('version').notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('exceptions_company_created_idx').on(t.companyId, t.createdAt),
    // The lender's lists: an account's exceptions by status, newest first (spec 3 §4, §9).
    index('exceptions_account_status_created_idx').on(t.accountId, t.status, t.createdAt),
  ],
);
