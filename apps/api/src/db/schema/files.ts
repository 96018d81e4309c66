import { sql } from 'drizzle-orm';
import { check, char, index, integer, jsonb, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from '../columns';
import { exceptions } from './exceptions';
import { provisionUnits, provisions } from './financing';
import { refinancingUnits, refinancings } from './refinancings';
import { users } from './users';

/**
 * A stored file (issue 13, decision 018). `key` is made by the server (`evidences/2026/11/<uuid>`) and is the only
 * address in storage; the user's file name is kept, sanitised, for the download's Content-Disposition only.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    key: varchar('key', { length: 300 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    /** The type the bytes were sniffed as (never the browser's claim). */
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAtColumn(),
  },
  (t) => [check('files_size_positive', sql`${t.size} > 0`)],
);

/** One signer of a signing document's envelope (decision 037). */
export type EnvelopeSignerRow = {
  signerId: string;
  name: string;
  email: string;
  signUrl: string;
  status: 'pending' | 'signed';
};

/**
 * An evidence (spec 3 §3 "Evidence"): a file attached to exactly one exception, provision, unit, refinancing
 * (its signing documents) or refinancing unit (its evidences), with the spec's type code (4 customer's exception
 * evidence, 5 operator's, 6 administrator's, 8 unit document, 13 refinancing signing document, ...).
 */
export const evidences = pgTable(
  'evidences',
  {
    id: idColumn(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    type: smallint('type').notNull(),
    exceptionId: integer('exception_id').references(() => exceptions.id),
    provisionId: integer('provision_id').references(() => provisions.id),
    unitId: integer('unit_id').references(() => provisionUnits.id),
    /** A refinancing's signing document (type 13, decision 045). */
    refinancingId: integer('refinancing_id').references(() => refinancings.id, { onDelete: 'cascade' }),
    /** A refinancing unit's evidence (type 8, decision 045). */
    refinancingUnitId: integer('refinancing_unit_id').references(() => refinancingUnits.id, { onDelete: 'cascade' }),
    /** Position in a list of evidences (spec 3 §3 `index`). */
    position: smallint('position').notNull().default(0),
    /** Signing documents only (spec 3 §3, §4): 0, 2 or other; 0 not signed, 1 sent, 2 signed. */
    typeSignDoc: smallint('type_sign_doc'),
    signedStatus: smallint('signed_status'),
    /**
     * A signing document sent to the e-signature provider (decision 037): its envelope, stored as soon as the
     * provider answers (before the transaction that moves the provision), so a retry never creates a second one.
     */
    envelopeId: varchar('envelope_id', { length: 100 }),
    /** The envelope's signers as the provider answered (their sign pages), each marked signed by the webhooks. */
    envelopeSigners: jsonb('envelope_signers').$type<EnvelopeSignerRow[]>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check(
      'evidences_one_owner',
      sql`num_nonnulls(${t.exceptionId}, ${t.provisionId}, ${t.unitId}, ${t.refinancingId}, ${t.refinancingUnitId}) = 1`,
    ),
    index('evidences_exception_idx').on(t.exceptionId),
    index('evidences_provision_idx').on(t.provisionId),
    index('evidences_unit_idx').on(t.unitId),
    index('evidences_refinancing_idx').on(t.refinancingId),
    index('evidences_refinancing_unit_idx').on(t.refinancingUnitId),
    index('evidences_file_idx').on(t.fileId),
    uniqueIndex('evidences_envelope_unique')
      .on(t.envelopeId)
      .where(sql`${t.envelopeId} is not null`),
  ],
);
