import { SYSTEM_ACTOR, type EsignWebhookEventBody } from '@planpiso/domain';
import * as provisionsRepo from '../provisions/repository';
import type { WebhookOutcome } from './envelopes';
import * as repo from './repository';
import { referenceOf, S, type SigningContext } from './signing-context';

/**
 * A verified provider event of a provision's document. Idempotent by state: a signer already signed, a document
 * already signed, an envelope withdrawn or unknown — nothing changes and the provider is told 200 so it stops
 * retrying.
 */
export async function handleEsignEvent(ctx: SigningContext, event: EsignWebhookEventBody): Promise<WebhookOutcome> {
  const { db, deps } = ctx;
  const { envelopeId, reference } = event;
  const document = await repo.findByEnvelope(db, envelopeId);
  const provisionId = document?.evidence.provisionId ?? null;
  if (!document || provisionId === null || reference !== referenceOf(provisionId, document.evidence.id)) {
    deps.log.warn({ envelopeId, reference }, 'signing: webhook for an envelope we do not hold');
    return 'ignored';
  }
  if (event.event === 'signed' && event.signerId) {
    return signed(ctx, provisionId, document.evidence.id, envelopeId, reference, event.signerId);
  }
  if (event.event === 'completed') return completed(ctx, provisionId, document, reference);
  return 'ignored';
}

/** A signer signed: recorded on the document; the first signature moves the provision 5 → 6 (Proceso firma). */
function signed(
  { documents, mover, moveRow }: SigningContext,
  provisionId: number,
  evidenceId: number,
  envelopeId: string,
  reference: string,
  signerId: string,
) {
  return documents.recordSignature({
    evidenceId,
    envelopeId,
    reference,
    signerId,
    lockOwner: (tx) => repo.lockProvisionById(tx, provisionId),
    moved: async (tx, row, signer) => {
      if (row.status !== S.SENT_TO_SIGN) return 'recorded';
      await mover.move(tx, {
        action: 'signingStarted',
        actor: SYSTEM_ACTOR,
        row: moveRow(row, await repo.provisionNames(tx, provisionId)),
        unitCount: await provisionsRepo.countUnitsOf(tx, provisionId),
        details: { evidenceId, envelopeId, signer: signer.name },
      });
      return 'moved';
    },
  });
}

/**
 * Every signer signed: the stamped PDF kept as the document's file, signedStatus 2 (envelopes.ts); when no
 * document of the provision waits any more, the provision moves to 7.
 */
function completed(
  { documents, mover, moveRow }: SigningContext,
  provisionId: number,
  document: repo.SigningDocumentRow,
  reference: string,
): Promise<WebhookOutcome> {
  return documents.recordCompletion({
    document,
    reference,
    lockOwner: (tx) => repo.lockProvisionById(tx, provisionId),
    moved: async (tx, row, { evidence, signedFileId }) => {
      const waiting = await repo.countSentDocuments(tx, provisionId);
      if (waiting > 0 || (row.status !== S.SENT_TO_SIGN && row.status !== S.SIGNING)) return 'recorded';
      await mover.move(tx, {
        action: 'signingCompleted',
        actor: SYSTEM_ACTOR,
        row: moveRow(row, await repo.provisionNames(tx, provisionId)),
        unitCount: await provisionsRepo.countUnitsOf(tx, provisionId),
        details: {
          evidenceId: evidence.id,
          envelopeId: evidence.envelopeId,
          signedFileId,
          sentFileId: evidence.fileId,
        },
      });
      return 'moved';
    },
  });
}
