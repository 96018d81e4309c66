import { SIGNED_STATUS } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import type { SigningDocuments, StoredPdf } from '../provision-signing';
import * as signingRepo from '../provision-signing';
import type { Signers } from '../provision-signing';
import type { FinancingKind, SigningDocumentRow } from './financing-kind';
import { replaceUnsentDocument } from './replace-unsent-document';
import { signingDocumentsOf } from './signing-documents-repository';

/** What a redo withdraws and records in its audit row. */
export type RedoDetails = {
  evidenceId: number;
  fileId: number;
  envelopeId: string;
  withdrawn: { evidenceId: number; envelopeId: string | null }[];
};

/** The operation's own steps around the shared ones. */
export type RedoSteps<Locked, Answer> = {
  /** The operation locked, its machine asked again (another request may have moved it meanwhile). */
  recheck: (tx: Executor) => Promise<unknown>;
  signers: () => Promise<Signers>;
  /** Which documents the new one replaces (those out for signature, or the one named). */
  withdraws: (document: SigningDocumentRow, pendingEvidenceId: number) => boolean;
  lock: (tx: Executor) => Promise<Locked | undefined>;
  move: (tx: Executor, locked: Locked, details: RedoDetails) => Promise<Answer>;
};

/**
 * Redo a signing document already out for signature (statuses 5 and 6): the new document `stored` is recorded first
 * (unsent), then sent in a new envelope (outside any transaction), then swapped for the withdrawn one in one
 * transaction with the operation's move — the withdrawn envelope's late webhooks find nothing and change nothing. A
 * failed envelope leaves the new document unsent; a retry replaces it.
 */
export async function redoSentDocument<Owner extends { status: number }, Locked, Answer>(
  kind: FinancingKind<Owner>,
  ctx: { db: AppDeps['db']; clock: AppDeps['clock']; documents: SigningDocuments },
  id: number,
  stored: StoredPdf,
  steps: RedoSteps<Locked, Answer>,
): Promise<Answer> {
  const { db, clock, documents } = ctx;
  const pending = await documents.recording(stored, () =>
    transaction(db, async (tx) => {
      await steps.recheck(tx);
      return replaceUnsentDocument(kind, documents, tx, { id, stored, now: clock.now() });
    }),
  );
  const signers = await steps.signers();
  const envelopeId = await documents.sendDocument(
    kind.reference(id, pending.evidence.id),
    { evidence: pending.evidence, file: pending.file },
    signers.envelope,
    kind.noElectronicSigners,
  );

  return transaction(db, async (tx) => {
    const locked = await steps.lock(tx);
    if (!locked) throw notFound();
    const withdrawn = (await signingDocumentsOf(tx, kind.signingDocuments, id))
      .filter((d) => steps.withdraws(d, pending.evidence.id))
      .map((d) => ({ evidenceId: d.evidence.id, envelopeId: d.evidence.envelopeId }));
    await signingRepo.deleteEvidences(
      tx,
      withdrawn.map((w) => w.evidenceId),
    );
    await signingRepo.updateEvidence(tx, pending.evidence.id, { signedStatus: SIGNED_STATUS.SENT });
    return steps.move(tx, locked, { evidenceId: pending.evidence.id, fileId: pending.file.id, envelopeId, withdrawn });
  });
}
