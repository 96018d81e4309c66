import { BUSINESS_TIME_ZONE, SIGNED_STATUS, type EsignWebhookEventBody } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import * as signingRepo from '../provision-signing';
import type { SigningDocumentRow, SigningDocumentsOf } from './signing-documents-repository';

/**
 * What tells one financing operation from another in the life they share after acceptance (issue 28): which
 * documents are its signing documents (evidence type 1 for a provision, 13 for a refinancing), how the provider's
 * reference names one, which row a webhook locks and how the system moves it. The signing use cases of this folder
 * take it; provision-signing and refinancing-signing each declare theirs.
 */
export type FinancingKind<Owner extends { status: number }> = {
  /** The operation's name in the logs ('signing', 'refinancing signing'). */
  label: string;
  /** Its own codes for the two signing statuses (both are 5 and 6 today; each document keeps its own). */
  statuses: { SENT_TO_SIGN: number; SIGNING: number };
  /** Where its signing documents live (evidence type 1 for a provision, 13 for a refinancing). */
  signingDocuments: SigningDocumentsOf;
  /** The reference the provider echoes in every webhook. */
  reference(id: number, evidenceId: number): string;
  /** The operation's row locked for the rest of `tx`, whatever the caller's scope (the webhook has none). */
  lockById(tx: Executor, id: number): Promise<Owner | undefined>;
  /** The system's move of a locked operation on a provider's event (signingStarted, signingCompleted). */
  moveBySystem(
    tx: Executor,
    owner: Owner,
    move: { id: number; action: 'signingStarted' | 'signingCompleted'; details: Record<string, unknown> },
  ): Promise<unknown>;
  /** The refusal when no signer signs electronically (the provisions' default message when omitted). */
  noElectronicSigners?: string;
};

export type { EsignWebhookEventBody, SigningDocumentRow };

/** A document not yet sent to sign. */
export const isUnsent = (row: SigningDocumentRow) => (row.evidence.signedStatus ?? 0) === SIGNED_STATUS.NOT_SIGNED;
/** A document whose envelope the provider made (not only a request's claim on it). */
export const hasEnvelope = (row: SigningDocumentRow) =>
  row.evidence.envelopeId !== null && !signingRepo.isClaim(row.evidence.envelopeId);

/** The day printed on a signing document: dd/MM/yyyy, Mexico City. */
export const SIGNING_DAY = new Intl.DateTimeFormat('es-MX', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
