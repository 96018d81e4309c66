import { SIGNED_STATUS } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import type { SigningDocuments } from '../provision-signing';
import * as signingRepo from '../provision-signing';
import type { Signers } from '../provision-signing';
import { hasEnvelope, isUnsent, type FinancingKind, type SigningDocumentRow } from './financing-kind';
import { signingDocumentsOf } from './signing-documents-repository';

/** The operation's own steps around the shared ones: its signers, its lock and its move (with its answer). */
export type SendToSignSteps<Locked, Answer> = {
  signers: () => Promise<Signers>;
  lock: (tx: Executor) => Promise<Locked | undefined>;
  move: (
    tx: Executor,
    locked: Locked,
    move: { signingDocuments: number; details: { documents: { evidenceId: number; envelopeId: string | null }[] } },
  ) => Promise<Answer>;
};

/**
 * Enviar a firma, the shared part: each unsent document's envelope is created at the provider BEFORE the transaction
 * and recorded on it right away — if the transaction then fails, or the request comes again, the recorded envelope
 * is reused, never a second one for the same document. Then, in one transaction, the documents with an envelope are
 * marked sent and the operation moves (5, Enviada a firmar) through its own mover.
 */
export async function sendDocumentsToSign<Owner extends { status: number }, Locked, Answer>(
  kind: FinancingKind<Owner>,
  ctx: { db: AppDeps['db']; documents: SigningDocuments },
  id: number,
  unsent: readonly SigningDocumentRow[],
  steps: SendToSignSteps<Locked, Answer>,
): Promise<Answer> {
  const { db, documents } = ctx;
  const toCreate = unsent.filter((d) => !hasEnvelope(d));
  if (toCreate.length > 0) {
    const signers = await steps.signers();
    for (const document of toCreate) {
      await documents.sendDocument(
        kind.reference(id, document.evidence.id),
        document,
        signers.envelope,
        kind.noElectronicSigners,
      );
    }
  }
  return transaction(db, async (tx) => {
    const locked = await steps.lock(tx);
    if (!locked) throw notFound();
    const ready = (await signingDocumentsOf(tx, kind.signingDocuments, id)).filter(
      (d) => isUnsent(d) && hasEnvelope(d),
    );
    for (const document of ready) {
      await signingRepo.updateEvidence(tx, document.evidence.id, { signedStatus: SIGNED_STATUS.SENT });
    }
    return steps.move(tx, locked, {
      signingDocuments: ready.length,
      details: { documents: ready.map((d) => ({ evidenceId: d.evidence.id, envelopeId: d.evidence.envelopeId })) },
    });
  });
}
