import { and, asc, eq, sql } from 'drizzle-orm';
import { EVIDENCE_TYPE, SIGNED_STATUS, SIGN_DOC_TYPE } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { evidences, files } from '../../db/schema/files';

export type SigningDocumentRow = { evidence: typeof evidences.$inferSelect; file: typeof files.$inferSelect };

/** Where an operation's signing documents live: their evidence type and the evidence column naming the operation. */
export type SigningDocumentsOf = {
  evidenceType: number;
  owner: 'provisionId' | 'refinancingId';
};
export const PROVISION_DOCUMENTS: SigningDocumentsOf = {
  evidenceType: EVIDENCE_TYPE.SIGNING_DOCUMENT,
  owner: 'provisionId',
};
export const REFINANCING_DOCUMENTS: SigningDocumentsOf = {
  evidenceType: EVIDENCE_TYPE.REFINANCING_SIGNING_DOCUMENT,
  owner: 'refinancingId',
};

const ofOperation = (of: SigningDocumentsOf, id: number) =>
  and(eq(evidences[of.owner], id), eq(evidences.type, of.evidenceType));

/** The operation's signing documents with their files, oldest first. */
export function signingDocumentsOf(db: Executor, of: SigningDocumentsOf, id: number): Promise<SigningDocumentRow[]> {
  return db
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(ofOperation(of, id))
    .orderBy(asc(evidences.id));
}

/** A signing document of this kind sent in `envelopeId` (a webhook knows only the envelope). */
export async function signingDocumentByEnvelope(
  db: Executor,
  of: SigningDocumentsOf,
  envelopeId: string,
): Promise<SigningDocumentRow | undefined> {
  const [row] = await db
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(and(eq(evidences.envelopeId, envelopeId), eq(evidences.type, of.evidenceType)))
    .limit(1);
  return row;
}

/** A new unsent signing document of the operation (typeSignDoc 0, signedStatus 0). */
export async function insertUnsentSigningDocument(
  tx: Executor,
  of: SigningDocumentsOf,
  row: { id: number; fileId: number; createdAt: Date },
) {
  const [saved] = await tx
    .insert(evidences)
    .values({
      fileId: row.fileId,
      [of.owner]: row.id,
      type: of.evidenceType,
      typeSignDoc: SIGN_DOC_TYPE.PROVISION,
      signedStatus: SIGNED_STATUS.NOT_SIGNED,
      position: 0,
      createdAt: row.createdAt,
    })
    .returning();
  return saved!;
}

/** The operation's documents waiting in an envelope: sent and not signed by everyone. */
export async function countSentSigningDocuments(tx: Executor, of: SigningDocumentsOf, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(evidences)
    .where(and(ofOperation(of, id), eq(evidences.signedStatus, SIGNED_STATUS.SENT)));
  return row?.n ?? 0;
}
