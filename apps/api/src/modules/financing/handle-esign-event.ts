import type { EsignWebhookEventBody } from '@planpiso/domain';
import type { AppDeps } from '../../platform/deps';
import type { SigningDocuments, WebhookOutcome } from '../provision-signing';
import type { FinancingKind } from './financing-kind';
import { countSentSigningDocuments, signingDocumentByEnvelope } from './signing-documents-repository';

/**
 * A verified provider event of a financing operation's document (POST /api/webhooks/esign). Idempotent by state: a
 * signer already signed, a document already signed, an envelope withdrawn or unknown — nothing changes and the
 * provider is told 200 so it stops retrying. The first signature moves the operation 5 → 6 (Proceso firma); when
 * every signer of every document signed, → 7 (Firmado).
 */
export async function handleEsignEvent<Owner extends { status: number }>(
  kind: FinancingKind<Owner>,
  ctx: { db: AppDeps['db']; log: AppDeps['log']; documents: SigningDocuments },
  event: EsignWebhookEventBody,
): Promise<WebhookOutcome> {
  const { db, log, documents } = ctx;
  const { envelopeId, reference } = event;
  const document = await signingDocumentByEnvelope(db, kind.signingDocuments, envelopeId);
  const id = document ? document.evidence[kind.signingDocuments.owner] : null;
  if (!document || id === null || reference !== kind.reference(id, document.evidence.id)) {
    log.warn({ envelopeId, reference }, `${kind.label}: webhook for an envelope we do not hold`);
    return 'ignored';
  }
  const lockOwner = (tx: Parameters<typeof kind.lockById>[0]) => kind.lockById(tx, id);
  const S = kind.statuses;
  if (event.event === 'signed' && event.signerId) {
    return documents.recordSignature({
      evidenceId: document.evidence.id,
      envelopeId,
      reference,
      signerId: event.signerId,
      lockOwner,
      moved: async (tx, owner, signer) => {
        if (owner.status !== S.SENT_TO_SIGN) return 'recorded';
        await kind.moveBySystem(tx, owner, {
          id,
          action: 'signingStarted',
          details: { evidenceId: document.evidence.id, envelopeId, signer: signer.name },
        });
        return 'moved';
      },
    });
  }
  if (event.event === 'completed') {
    return documents.recordCompletion({
      document,
      reference,
      lockOwner,
      moved: async (tx, owner, { evidence, signedFileId }) => {
        const waiting = await countSentSigningDocuments(tx, kind.signingDocuments, id);
        if (waiting > 0 || (owner.status !== S.SENT_TO_SIGN && owner.status !== S.SIGNING)) return 'recorded';
        await kind.moveBySystem(tx, owner, {
          id,
          action: 'signingCompleted',
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
  return 'ignored';
}
