import { createHash, randomUUID } from 'node:crypto';
import {
  SIGNED_STATUS,
  SIGNING_DOCUMENT_TEXT,
  SIGNING_MESSAGES,
  esignEventIsFresh,
  esignWebhookEvent,
  providerConfirmsEsignEvent,
  type EsignWebhookEventBody,
  AppErrorCode,
} from '@planpiso/domain';
import { verifyEsignWebhook } from '../../adapters/esign/http';
import type { Envelope } from '../../adapters/esign/port';
import type { Executor } from '../../db/client';
import type { EnvelopeSignerRow, evidences } from '../../db/schema/files';
import { systemClock } from '../../platform/clock';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { staleVersion } from '../../platform/state-transition';
import { makeStorageKey } from '../../platform/storage/storage';
import { transaction } from '../../platform/transaction';
import * as filesRepo from '../files';
import * as signerRepo from '../signer-configuration';
import * as repo from './repository';
import { resolveSigners, type Signers } from './signers';

/**
 * The e-signature pieces every signed document shares, whatever owns it — a provision (decision 037) or a
 * refinancing (decision 047): the PDF written to storage before the transaction that records it, who signs, the
 * envelope claimed, created OUTSIDE any transaction and recorded on its document at once (so a retry never makes a
 * second one), the webhook's HMAC, and the two webhook steps (a signature, every signature) with the owner's own
 * move left to the caller.
 */

/** What a webhook did: moved the owner, recorded a signature, or nothing (a repeat, an unknown envelope). */
export type WebhookOutcome = 'moved' | 'recorded' | 'duplicate' | 'ignored';

/** A PDF written to storage, waiting for the transaction that records it (or for `abandon`). */
export type StoredPdf = { key: string; name: string; size: number; sha256: string; uploadedBy: number | null };

type EvidenceRow = typeof evidences.$inferSelect;

/**
 * How long a request's claim on a document holds before another request may take it over (a request that died
 * between the claim and the provider's answer); well above the provider's timeout and retries.
 */
const CLAIM_TTL_MS = 2 * 60_000;

export type SigningDocuments = ReturnType<typeof createSigningDocuments>;

export function createSigningDocuments(
  deps: Pick<AppDeps, 'db' | 'clock' | 'adapters' | 'storage' | 'config' | 'log'>,
) {
  const { db, clock, adapters, storage, config, log } = deps;

  async function storePdf(bytes: Uint8Array, name: string, uploadedBy: number | null): Promise<StoredPdf> {
    const body = Buffer.from(bytes);
    const key = makeStorageKey('signing-documents', clock.now());
    await storage.put(key, body, { contentType: 'application/pdf', size: body.length });
    return { key, name, size: body.length, sha256: createHash('sha256').update(body).digest('hex'), uploadedBy };
  }

  /** Deletes the bytes of a PDF whose record was never committed (no orphan left behind). */
  async function abandon(stored: StoredPdf): Promise<void> {
    await storage.delete(stored.key).catch((error: unknown) => {
      log.error({ err: error, key: stored.key }, 'signing: could not delete an unrecorded document');
    });
  }

  /** Runs `work` with the stored PDF; if it throws, the PDF goes. */
  async function recording<T>(stored: StoredPdf, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await abandon(stored);
      throw error;
    }
  }

  const recordFile = (tx: Executor, stored: StoredPdf) =>
    filesRepo.insertFile(tx, {
      key: stored.key,
      originalName: stored.name,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
      uploadedBy: stored.uploadedBy,
      createdAt: clock.now(),
    });

  async function readStored(file: filesRepo.FileRow): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(file.key)) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  /**
   * Does the provider's envelope (GET /envelopes/{id}, outside any transaction) confirm the event (decision 062)?
   * A provider that cannot answer is a 503: the provider retries the event later.
   */
  async function providerConfirms(event: Parameters<typeof providerConfirmsEsignEvent>[0]): Promise<boolean> {
    const envelope = await adapters.esign.envelope(event.envelopeId);
    if (providerConfirmsEsignEvent(event, envelope)) return true;
    log.warn(
      { envelopeId: event.envelopeId, event: event.event, providerStatus: envelope.status },
      'signing: webhook event the provider does not confirm',
    );
    return false;
  }

  return {
    storePdf,
    abandon,
    recording,
    recordFile,
    readStored,

    /**
     * Who signs a document of `company` on `creditLine` (decision 037): its legal representative user, then the
     * signer configuration completed with what the CRM knows (read outside any transaction).
     */
    async signersOf(input: {
      company: { id: number; name: string; clientId: string | null };
      legalId: number | null;
      creditLine: string;
    }): Promise<Signers> {
      const { company } = input;
      const legal = input.legalId === null ? undefined : await repo.findUser(db, input.legalId);
      const saved = await signerRepo.findConfig(db, company.id, input.creditLine);
      const signatures = saved ? await signerRepo.signaturesOf(db, saved.id) : [];
      // The CRM is read only when a configuration names its people.
      const [legalRepresentatives, guarantors] =
        saved && company.clientId
          ? await Promise.all([
              adapters.crm.legalRepresentatives(company.clientId),
              adapters.crm.guarantors(input.creditLine),
            ])
          : [[], []];
      return resolveSigners({
        company,
        legal: legal
          ? { name: `${legal.firstname} ${legal.lastname}`.trim(), email: legal.email, crmId: legal.crmId }
          : null,
        config: saved ? { isElectronic: saved.isElectronic, signatures } : null,
        legalRepresentatives,
        guarantors,
      });
    },

    /**
     * Creates the envelope of one document at the provider and records it on the document at once. The document is
     * claimed first, so two requests sending it at the same moment make one envelope (the other answers 409).
     */
    async sendDocument(
      reference: string,
      document: repo.SigningDocumentRow,
      signers: Signers['envelope'],
      noSignersMessage: string = SIGNING_MESSAGES.noElectronicSigners,
    ): Promise<string> {
      if (signers.length === 0) throw new AppError(AppErrorCode.NO_SIGNERS, { message: noSignersMessage });
      const now = clock.now();
      const claim = `${repo.CLAIM_PREFIX}${now.getTime()}:${randomUUID()}`;
      if (!(await repo.claimForEnvelope(db, document.evidence.id, claim, new Date(now.getTime() - CLAIM_TTL_MS)))) {
        throw staleVersion();
      }
      let envelope: Envelope;
      try {
        envelope = await adapters.esign.createEnvelope({
          reference,
          documentName: document.file.originalName,
          pdf: await readStored(document.file),
          signers,
          callbackUrl: config.external.esign.callbackUrl,
        });
      } catch (error) {
        await repo.releaseClaim(db, document.evidence.id, claim);
        throw error;
      }
      const signerRows: EnvelopeSignerRow[] = envelope.signers.map((s) => ({
        signerId: s.signerId,
        name: s.name,
        email: s.email,
        signUrl: s.signUrl,
        status: s.status,
      }));
      if (!(await repo.storeEnvelope(db, document.evidence.id, claim, envelope.envelopeId, signerRows))) {
        // Our claim outlived CLAIM_TTL_MS and another request took the document over: its envelope is the one kept.
        log.warn({ evidenceId: document.evidence.id, envelopeId: envelope.envelopeId }, 'signing: envelope not kept');
        throw staleVersion();
      }
      return envelope.envelopeId;
    },

    /**
     * A provider event, trusted only with a valid HMAC of the exact body and a timestamp inside it no more than a
     * few minutes from now (401 otherwise: a replay). Real time, not the business clock: it is the provider's
     * clock against ours (decision 062).
     */
    parseWebhook(rawBody: string, signature: string | undefined): EsignWebhookEventBody {
      if (!verifyEsignWebhook(config.external.esign.webhookSecret, rawBody, signature)) {
        throw new AppError(AppErrorCode.INVALID_SIGNATURE);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw badRequest(SIGNING_MESSAGES.webhookSignatureInvalid);
      }
      const event = esignWebhookEvent.safeParse(parsed);
      if (!event.success) throw badRequest(SIGNING_MESSAGES.webhookSignatureInvalid);
      if (!esignEventIsFresh(event.data.timestamp, systemClock.now())) {
        log.warn({ envelopeId: event.data.envelopeId, timestamp: event.data.timestamp }, 'signing: stale webhook');
        throw new AppError(AppErrorCode.STALE_EVENT);
      }
      return event.data;
    },

    /**
     * A signer signed: marked on the document (a signer already signed → duplicate). When the document is out for
     * signature, `moved` decides the owner's move (its row locked first: the owner, then the evidence, the order of
     * the user actions).
     */
    async recordSignature<Owner>(input: {
      evidenceId: number;
      envelopeId: string;
      reference: string;
      signerId: string;
      lockOwner: (tx: Executor) => Promise<Owner | undefined>;
      moved: (tx: Executor, owner: Owner, signer: EnvelopeSignerRow) => Promise<WebhookOutcome>;
    }): Promise<WebhookOutcome> {
      // Only a signature the provider's envelope shows (read outside any transaction) is recorded (decision 062).
      const { envelopeId, reference, signerId } = input;
      if (!(await providerConfirms({ event: 'signed', envelopeId, reference, signerId }))) return 'ignored';
      return transaction(db, async (tx): Promise<WebhookOutcome> => {
        const owner = await input.lockOwner(tx);
        const evidence = await repo.lockEvidence(tx, input.evidenceId);
        if (!owner || !evidence || evidence.envelopeId !== input.envelopeId) return 'ignored';
        const signers = evidence.envelopeSigners ?? [];
        const signer = signers.find((s) => s.signerId === input.signerId);
        if (!signer) return 'ignored';
        if (signer.status === 'signed') return 'duplicate';
        await repo.updateEvidence(tx, evidence.id, {
          envelopeSigners: signers.map((s) =>
            s.signerId === input.signerId ? { ...s, status: 'signed' as const } : s,
          ),
        });
        if (evidence.signedStatus !== SIGNED_STATUS.SENT) return 'recorded';
        return input.moved(tx, owner, signer);
      });
    },

    /**
     * Every signer signed: the stamped PDF is fetched from the provider (outside any transaction) and kept as the
     * document's file, signedStatus 2; then `moved` decides the owner's move (e.g. when nothing waits any more).
     */
    async recordCompletion<Owner>(input: {
      document: repo.SigningDocumentRow;
      reference: string;
      lockOwner: (tx: Executor) => Promise<Owner | undefined>;
      moved: (
        tx: Executor,
        owner: Owner,
        signed: { evidence: EvidenceRow; signedFileId: number },
      ) => Promise<WebhookOutcome>;
    }): Promise<WebhookOutcome> {
      const { evidence, file } = input.document;
      if (evidence.signedStatus === SIGNED_STATUS.SIGNED) return 'duplicate';
      if (evidence.signedStatus !== SIGNED_STATUS.SENT || !evidence.envelopeId) return 'ignored';
      const envelopeId = evidence.envelopeId;
      // The event is a hint: only the provider's envelope, read now and outside any transaction, says it is done.
      if (!(await providerConfirms({ event: 'completed', envelopeId, reference: input.reference }))) return 'ignored';
      const bytes = await adapters.esign.document(envelopeId);
      const stored = await storePdf(bytes, SIGNING_DOCUMENT_TEXT.signedFileName(file.originalName), null);
      const outcome = await recording(stored, () =>
        transaction(db, async (tx): Promise<WebhookOutcome> => {
          const owner = await input.lockOwner(tx);
          const current = await repo.lockEvidence(tx, evidence.id);
          if (!owner || !current || current.envelopeId !== envelopeId) return 'ignored';
          if (current.signedStatus === SIGNED_STATUS.SIGNED) return 'duplicate';
          if (current.signedStatus !== SIGNED_STATUS.SENT) return 'ignored';
          const signedFile = await recordFile(tx, stored);
          await repo.updateEvidence(tx, current.id, {
            fileId: signedFile.id,
            signedStatus: SIGNED_STATUS.SIGNED,
            envelopeSigners: (current.envelopeSigners ?? []).map((s) => ({ ...s, status: 'signed' as const })),
          });
          return input.moved(tx, owner, { evidence: current, signedFileId: signedFile.id });
        }),
      );
      if (outcome === 'duplicate' || outcome === 'ignored') await abandon(stored);
      return outcome;
    },
  };
}
