import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { PROVISION_DOCUMENTS, signingDocumentsOf as sharedDocumentsOf } from '../financing';
import { evidences, type EnvelopeSignerRow } from '../../db/schema/files';
import { provisionUnits, provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';

export type { SigningDocumentRow } from '../financing';

/** The provision's signing documents (evidence type 1) with their files, oldest first. */
export const signingDocumentsOf = (db: Executor, provisionId: number) =>
  sharedDocumentsOf(db, PROVISION_DOCUMENTS, provisionId);

/** A signing document's row locked for the rest of `tx` (a webhook and a redo go one after the other). */
export async function lockEvidence(tx: Executor, id: number) {
  const [row] = await tx.select().from(evidences).where(eq(evidences.id, id)).for('update').limit(1);
  return row;
}

/** The provision's row locked for the rest of `tx`, whatever the caller's scope (the webhook has none). */
export async function lockProvisionById(tx: Executor, id: number) {
  const [row] = await tx.select().from(provisions).where(eq(provisions.id, id)).for('update').limit(1);
  return row;
}

export async function deleteEvidences(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(evidences).where(inArray(evidences.id, ids));
}

/** A claim on a document about to be sent: `claim:<epoch ms>:<uuid>` in envelope_id until the provider answers. */
export const CLAIM_PREFIX = 'claim:';
export const isClaim = (envelopeId: string | null) => envelopeId?.startsWith(CLAIM_PREFIX) ?? false;

/**
 * Claims the document for one request before the provider is asked for its envelope (decision 037): true when no
 * envelope is recorded and no other request holds a claim newer than `staleBefore` (a claim left by a request that
 * died is taken over). Two requests sending at once: one claims, the other is refused — one envelope.
 */
export async function claimForEnvelope(
  db: Executor,
  evidenceId: number,
  claim: string,
  staleBefore: Date,
): Promise<boolean> {
  const rows = await db
    .update(evidences)
    .set({ envelopeId: claim })
    .where(
      and(
        eq(evidences.id, evidenceId),
        sql`(${evidences.envelopeId} is null or (${evidences.envelopeId} like ${`${CLAIM_PREFIX}%`}
          and split_part(${evidences.envelopeId}, ':', 2)::bigint < ${staleBefore.getTime()}))`,
      ),
    )
    .returning({ id: evidences.id });
  return rows.length === 1;
}

/**
 * Records the provider's envelope on the document in place of this request's claim, right after the provider
 * answered and before the transaction that moves the provision: a retry finds it and sends nothing again.
 */
export async function storeEnvelope(
  db: Executor,
  evidenceId: number,
  claim: string,
  envelopeId: string,
  signers: EnvelopeSignerRow[],
): Promise<boolean> {
  const rows = await db
    .update(evidences)
    .set({ envelopeId, envelopeSigners: signers })
    .where(and(eq(evidences.id, evidenceId), eq(evidences.envelopeId, claim)))
    .returning({ id: evidences.id });
  return rows.length === 1;
}

/** Gives a claim up (the provider refused or could not be reached): the next request may send. */
export async function releaseClaim(db: Executor, evidenceId: number, claim: string): Promise<void> {
  await db
    .update(evidences)
    .set({ envelopeId: null })
    .where(and(eq(evidences.id, evidenceId), eq(evidences.envelopeId, claim)));
}

export async function updateEvidence(
  tx: Executor,
  id: number,
  set: Partial<Pick<typeof evidences.$inferInsert, 'signedStatus' | 'envelopeSigners' | 'fileId'>>,
): Promise<void> {
  await tx.update(evidences).set(set).where(eq(evidences.id, id));
}

/** The units a signing document lists: those the lender kept in the provision (Confirmar's selection). */
export function includedUnitsOf(db: Executor, provisionId: number) {
  return db
    .select({
      vinNumber: provisionUnits.vinNumber,
      brandName: provisionUnits.brandName,
      model: provisionUnits.model,
      description: provisionUnits.description,
      amount: provisionUnits.amount,
    })
    .from(provisionUnits)
    .where(and(eq(provisionUnits.provisionId, provisionId), eq(provisionUnits.included, true)))
    .orderBy(asc(provisionUnits.id));
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      crmId: users.legalId,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** The folio users quote (the manual one when in use) and the company's name, for a move's notice. */
export async function provisionNames(db: Executor, id: number): Promise<{ folio: string; companyName: string }> {
  const [row] = await db
    .select({
      folio: sql<string>`case when ${provisions.useManualFolio} and ${provisions.manualFolio} is not null
        then ${provisions.manualFolio} else ${provisions.folio}::text end`,
      companyName: companies.name,
    })
    .from(provisions)
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(eq(provisions.id, id))
    .limit(1);
  return row ?? { folio: String(id), companyName: '' };
}
