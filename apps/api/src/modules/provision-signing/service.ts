import { createHash, randomUUID } from 'node:crypto';
import {
  PROVISION_MACHINE,
  PROVISION_STATUS,
  SIGNED_STATUS,
  SIGNING_DOCUMENT_TEXT,
  SIGNING_MESSAGES,
  SIGN_DOC_TYPE,
  SYSTEM_ACTOR,
  esignWebhookEvent,
  type SigningActionResponse,
  type SigningEvidence,
  type StateActor,
} from '@planpiso/domain';
import { verifyEsignWebhook } from '../../adapters/esign/http';
import type { Envelope } from '../../adapters/esign/port';
import type { Executor } from '../../db/client';
import type { EnvelopeSignerRow } from '../../db/schema/files';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { checkTransition, staleVersion } from '../../platform/state-transition';
import { makeStorageKey } from '../../platform/storage/storage';
import { transaction } from '../../platform/transaction';
import * as filesRepo from '../files/repository';
import type { NotificationsService } from '../notifications/service';
import { assertOperatingWindow } from '../provision-settings/operating-window';
import { provisionScopeOf, type ProvisionScope } from '../provisions/policy';
import * as provisionsRepo from '../provisions/repository';
import { createProvisionMover, type ProvisionMoveRow } from '../provisions/transitions';
import * as signerRepo from '../signer-configuration/repository';
import { signingDocumentPdf } from './pdf';
import { presentSigningEvidence } from './presenter';
import * as repo from './repository';
import { resolveSigners, type Signers } from './signers';

export type ProvisionSigningService = ReturnType<typeof createProvisionSigningService>;

/** What a webhook did: moved the provision, recorded a signature, or nothing (a repeat, an unknown envelope). */
export type WebhookOutcome = 'moved' | 'recorded' | 'duplicate' | 'ignored';

type FoundProvision = NonNullable<Awaited<ReturnType<typeof provisionsRepo.findProvision>>>;
/** A PDF written to storage, waiting for the transaction that records it (or for `abandon`). */
type StoredPdf = { key: string; name: string; size: number; sha256: string; uploadedBy: number | null };

const S = PROVISION_STATUS;
const MEXICO_DAY = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/**
 * How long a request's claim on a document holds before another request may take it over (a request that died
 * between the claim and the provider's answer); well above the provider's timeout and retries.
 */
const CLAIM_TTL_MS = 2 * 60_000;
const isUnsent = (row: repo.SigningDocumentRow) => (row.evidence.signedStatus ?? 0) === SIGNED_STATUS.NOT_SIGNED;
/** The reference the provider echoes in every webhook (decision 037). */
const referenceOf = (provisionId: number, evidenceId: number) => `provision:${provisionId}:${evidenceId}`;

/**
 * The provisions' signing documents and their e-signature (issue 17, decision 037). Every call to the provider
 * (create an envelope, fetch the stamped PDF) happens outside any transaction; the envelope is recorded on its
 * document as soon as the provider answers, so a retried send reuses it; every status change goes through the
 * provisions' mover (machine, notifications, audit row) in one transaction.
 */
export function createProvisionSigningService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'adapters' | 'storage' | 'config' | 'log'>,
  notifications: NotificationsService,
) {
  const { db, clock, adapters, storage, config, log } = deps;
  const mover = createProvisionMover({ notifications, clock });

  async function found(scope: ProvisionScope, id: number): Promise<FoundProvision> {
    const row = await provisionsRepo.findProvision(db, scope, id);
    if (!row) throw notFound();
    return row;
  }

  const moveRow = (row: provisionsRepo.ProvisionRow, names: { folio: string; companyName: string }) =>
    ({
      id: row.id,
      status: row.status,
      version: row.version,
      accountId: row.accountId,
      registerBy: row.registerBy,
      legalId: row.legalId,
      folio: names.folio,
      companyName: names.companyName,
    }) satisfies ProvisionMoveRow;

  /** Who signs the provision's document: the signer configuration, completed with what the CRM knows. */
  async function signersOf(provision: FoundProvision): Promise<Signers> {
    const { provision: row, company } = provision;
    const legal = row.legalId === null ? undefined : await repo.findUser(db, row.legalId);
    const saved = await signerRepo.findConfig(db, company.id, row.creditLine);
    const signatures = saved ? await signerRepo.signaturesOf(db, saved.id) : [];
    // The CRM is read only when a configuration names its people (outside any transaction).
    const [legalRepresentatives, guarantors] =
      saved && company.clientId
        ? await Promise.all([
            adapters.crm.legalRepresentatives(company.clientId),
            adapters.crm.guarantors(row.creditLine),
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
  }

  /** The signing document of the provision as it stands now (its folio printed), written to storage. */
  async function makeDocument(provision: FoundProvision, uploadedBy: number): Promise<StoredPdf> {
    const { provision: row } = provision;
    const [units, signers] = await Promise.all([repo.includedUnitsOf(db, row.id), signersOf(provision)]);
    const pdf = await signingDocumentPdf({
      folio: provision.folioShown,
      company: provision.company.name,
      agency: provision.agencyName ?? '',
      legalRepresentative: provision.legalName ?? '',
      creditLine: row.creditLine,
      typeLine: row.typeLine,
      term: row.deadlines,
      total: row.total,
      date: MEXICO_DAY.format(clock.now()),
      units,
      signatures: signers.blocks,
    });
    return storePdf(pdf, SIGNING_DOCUMENT_TEXT.fileName(provision.folioShown), uploadedBy);
  }

  async function storePdf(bytes: Uint8Array, name: string, uploadedBy: number | null): Promise<StoredPdf> {
    const body = Buffer.from(bytes);
    const key = makeStorageKey('signing-documents', clock.now());
    await storage.put(key, body, { contentType: 'application/pdf', size: body.length });
    return { key, name, size: body.length, sha256: createHash('sha256').update(body).digest('hex'), uploadedBy };
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

  async function readStored(file: filesRepo.FileRow): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(file.key)) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  /**
   * Creates the envelope of one document at the provider and records it on the document at once. The document is
   * claimed first, so two requests sending it at the same moment make one envelope (the other answers 409).
   */
  async function sendDocument(provisionId: number, document: repo.SigningDocumentRow, signers: Signers['envelope']) {
    if (signers.length === 0) throw new AppError('NO_SIGNERS', 422, SIGNING_MESSAGES.noElectronicSigners);
    const now = clock.now();
    const claim = `${repo.CLAIM_PREFIX}${now.getTime()}:${randomUUID()}`;
    if (!(await repo.claimForEnvelope(db, document.evidence.id, claim, new Date(now.getTime() - CLAIM_TTL_MS)))) {
      throw staleVersion();
    }
    let envelope: Envelope;
    try {
      envelope = await adapters.esign.createEnvelope({
        reference: referenceOf(provisionId, document.evidence.id),
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
  }

  async function answer(
    executor: Executor,
    id: number,
    moved: { to: number; version: number },
    caller: AuthUser,
  ): Promise<SigningActionResponse['data']> {
    const documents = await repo.signingDocumentsOf(executor, id);
    return {
      id,
      status: moved.to,
      version: moved.version,
      evidences: documents.map((d) => presentSigningEvidence(d, caller.email)),
    };
  }

  const names = (provision: FoundProvision) => ({ folio: provision.folioShown, companyName: provision.company.name });

  /**
   * Replaces the provision's document that is not yet sent by `stored`, in the caller's transaction: the file and
   * its evidence (type 1, typeSignDoc 0, signedStatus 0). Returns the new evidence and the ids it replaced.
   */
  async function replaceUnsent(tx: Executor, provisionId: number, stored: StoredPdf) {
    const replaced = (await repo.signingDocumentsOf(tx, provisionId)).filter(isUnsent).map((d) => d.evidence.id);
    await repo.deleteEvidences(tx, replaced);
    const file = await recordFile(tx, stored);
    const evidence = await repo.insertSigningEvidence(tx, {
      fileId: file.id,
      provisionId,
      typeSignDoc: SIGN_DOC_TYPE.PROVISION,
      signedStatus: SIGNED_STATUS.NOT_SIGNED,
      createdAt: clock.now(),
    });
    return { evidence, file, replaced };
  }

  /** The machine's `who` before anything is read (403), as the provisions' own actions do. */
  const assertWho = (actor: StateActor, action: 'generateDocuments' | 'sendToSign' | 'redoDocument') =>
    checkTransition(
      PROVISION_MACHINE,
      actor,
      action,
      { status: S.ACCEPTED, unitCount: 1, version: 0, signingDocuments: 1 },
      undefined,
    );

  return {
    /** POST /api/provisions/{id}/documents (type 5 at 4): the signing document, replacing one not yet sent. */
    async generate(actor: AuthUser, id: number, requestId: string) {
      assertWho(actor, 'generateDocuments');
      const scope = provisionScopeOf(actor);
      const provision = await found(scope, id);
      await assertOperatingWindow(db, clock.now());
      const { status, version } = provision.provision;
      checkTransition(PROVISION_MACHINE, actor, 'generateDocuments', { status, unitCount: 1, version }, undefined);
      const stored = await makeDocument(provision, actor.id);
      return recording(stored, () =>
        transaction(db, async (tx) => {
          const row = await provisionsRepo.lockProvision(tx, scope, id);
          if (!row) throw notFound();
          const made = await replaceUnsent(tx, id, stored);
          const moved = await mover.move(tx, {
            action: 'generateDocuments',
            actor,
            row: moveRow(row, names(provision)),
            unitCount: await provisionsRepo.countUnitsOf(tx, id),
            details: {
              evidenceId: made.evidence.id,
              fileId: made.file.id,
              folio: provision.folioShown,
              replaced: made.replaced,
            },
            requestId,
          });
          return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.documentsGenerated };
        }),
      );
    },

    /**
     * POST /api/provisions/{id}/send-to-sign (type 5 at 4 → 5). Each unsent document's envelope is created at the
     * provider BEFORE the transaction and recorded on it right away: if the transaction then fails, or the request
     * comes again, the recorded envelope is reused — never a second one for the same document.
     */
    async sendToSign(actor: AuthUser, id: number, expectedVersion: number, requestId: string) {
      assertWho(actor, 'sendToSign');
      const scope = provisionScopeOf(actor);
      const provision = await found(scope, id);
      await assertOperatingWindow(db, clock.now());
      const unsent = (await repo.signingDocumentsOf(db, id)).filter(isUnsent);
      const { status, version } = provision.provision;
      checkTransition(
        PROVISION_MACHINE,
        actor,
        'sendToSign',
        { status, unitCount: 1, version, signingDocuments: unsent.length },
        expectedVersion,
      );
      const toCreate = unsent.filter((d) => d.evidence.envelopeId === null || repo.isClaim(d.evidence.envelopeId));
      if (toCreate.length > 0) {
        const signers = await signersOf(provision);
        for (const document of toCreate) await sendDocument(id, document, signers.envelope);
      }

      return transaction(db, async (tx) => {
        const row = await provisionsRepo.lockProvision(tx, scope, id);
        if (!row) throw notFound();
        const ready = (await repo.signingDocumentsOf(tx, id)).filter(
          (d) => isUnsent(d) && d.evidence.envelopeId !== null && !repo.isClaim(d.evidence.envelopeId),
        );
        for (const document of ready) {
          await repo.updateEvidence(tx, document.evidence.id, { signedStatus: SIGNED_STATUS.SENT });
        }
        const moved = await mover.move(tx, {
          action: 'sendToSign',
          actor,
          row: moveRow(row, names(provision)),
          unitCount: await provisionsRepo.countUnitsOf(tx, id),
          signingDocuments: ready.length,
          expectedVersion,
          details: { documents: ready.map((d) => ({ evidenceId: d.evidence.id, envelopeId: d.evidence.envelopeId })) },
          requestId,
        });
        return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.sentToSign };
      });
    },

    /**
     * POST /api/provisions/{id}/redo-document (types 1 and 3 at 4–6): the document made again with the provision as
     * it stands (its current folio). At 4 it replaces the unsent one; at 5 and 6 the new one goes to a new envelope
     * and the one out for signature is withdrawn (its late webhooks find nothing and change nothing).
     */
    async redo(
      actor: AuthUser,
      id: number,
      body: { provisionId?: number; version?: number } | undefined,
      requestId: string,
    ) {
      if (body?.provisionId !== undefined && body.provisionId !== id) {
        throw new AppError('VALIDATION_ERROR', 400, SIGNING_MESSAGES.provisionMismatch);
      }
      assertWho(actor, 'redoDocument');
      const scope = provisionScopeOf(actor);
      const provision = await found(scope, id);
      await assertOperatingWindow(db, clock.now());
      const { status, version } = provision.provision;
      checkTransition(PROVISION_MACHINE, actor, 'redoDocument', { status, unitCount: 1, version }, body?.version);
      const stored = await makeDocument(provision, actor.id);

      if (status === S.ACCEPTED) {
        return recording(stored, () =>
          transaction(db, async (tx) => {
            const row = await provisionsRepo.lockProvision(tx, scope, id);
            if (!row) throw notFound();
            const made = await replaceUnsent(tx, id, stored);
            const moved = await mover.move(tx, {
              action: 'redoDocument',
              actor,
              row: moveRow(row, names(provision)),
              unitCount: await provisionsRepo.countUnitsOf(tx, id),
              expectedVersion: body?.version,
              details: { evidenceId: made.evidence.id, fileId: made.file.id, replaced: made.replaced },
              requestId,
            });
            return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.documentRedone };
          }),
        );
      }

      // At 5 or 6: record the new document first (unsent), then its envelope, then swap it for the one out.
      const pending = await recording(stored, () =>
        transaction(db, async (tx) => {
          const row = await provisionsRepo.lockProvision(tx, scope, id);
          if (!row) throw notFound();
          checkTransition(
            PROVISION_MACHINE,
            actor,
            'redoDocument',
            { status: row.status, unitCount: 1, version: row.version },
            body?.version,
          );
          return replaceUnsent(tx, id, stored);
        }),
      );
      const signers = await signersOf(provision);
      const envelopeId = await sendDocument(id, { evidence: pending.evidence, file: pending.file }, signers.envelope);

      return transaction(db, async (tx) => {
        const row = await provisionsRepo.lockProvision(tx, scope, id);
        if (!row) throw notFound();
        const documents = await repo.signingDocumentsOf(tx, id);
        const withdrawn = documents
          .filter((d) => d.evidence.id !== pending.evidence.id && d.evidence.signedStatus === SIGNED_STATUS.SENT)
          .map((d) => ({ evidenceId: d.evidence.id, envelopeId: d.evidence.envelopeId }));
        await repo.deleteEvidences(
          tx,
          withdrawn.map((w) => w.evidenceId),
        );
        await repo.updateEvidence(tx, pending.evidence.id, { signedStatus: SIGNED_STATUS.SENT });
        const moved = await mover.move(tx, {
          action: 'redoDocument',
          actor,
          row: moveRow(row, names(provision)),
          unitCount: await provisionsRepo.countUnitsOf(tx, id),
          expectedVersion: body?.version,
          details: { evidenceId: pending.evidence.id, fileId: pending.file.id, envelopeId, withdrawn },
          requestId,
        });
        return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.documentRedone };
      });
    },

    /** GET /api/provisions/{id}/evidences-signature: the documents of a provision in the caller's scope. */
    async evidences(actor: AuthUser, id: number): Promise<{ evidences: SigningEvidence[] }> {
      await found(provisionScopeOf(actor), id);
      const documents = await repo.signingDocumentsOf(db, id);
      return { evidences: documents.map((d) => presentSigningEvidence(d, actor.email)) };
    },

    /**
     * POST /api/webhooks/esign: a provider event, trusted only with a valid HMAC of the exact body (401 otherwise).
     * Idempotent by state: a signer already signed, a document already signed, an envelope withdrawn or unknown —
     * nothing changes and the provider is told 200 so it stops retrying.
     */
    async webhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
      if (!verifyEsignWebhook(config.external.esign.webhookSecret, rawBody, signature)) {
        throw new AppError('INVALID_SIGNATURE', 401, SIGNING_MESSAGES.webhookSignatureInvalid);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new AppError('VALIDATION_ERROR', 400, SIGNING_MESSAGES.webhookSignatureInvalid);
      }
      const event = esignWebhookEvent.safeParse(parsed);
      if (!event.success) throw new AppError('VALIDATION_ERROR', 400, SIGNING_MESSAGES.webhookSignatureInvalid);
      const { envelopeId, reference } = event.data;
      const document = await repo.findByEnvelope(db, envelopeId);
      const provisionId = document?.evidence.provisionId ?? null;
      if (!document || provisionId === null || reference !== referenceOf(provisionId, document.evidence.id)) {
        log.warn({ envelopeId, reference }, 'signing: webhook for an envelope we do not hold');
        return 'ignored';
      }
      if (event.data.event === 'signed' && event.data.signerId) {
        return signed(provisionId, document.evidence.id, envelopeId, event.data.signerId);
      }
      if (event.data.event === 'completed') return completed(provisionId, document);
      return 'ignored';
    },
  };

  /** A signer signed: recorded on the document; the first signature moves the provision 5 → 6 (Proceso firma). */
  async function signed(provisionId: number, evidenceId: number, envelopeId: string, signerId: string) {
    return transaction(db, async (tx): Promise<WebhookOutcome> => {
      const row = await repo.lockProvisionById(tx, provisionId);
      const evidence = await repo.lockEvidence(tx, evidenceId);
      if (!row || !evidence || evidence.envelopeId !== envelopeId) return 'ignored';
      const signers = evidence.envelopeSigners ?? [];
      const signer = signers.find((s) => s.signerId === signerId);
      if (!signer) return 'ignored';
      if (signer.status === 'signed') return 'duplicate';
      await repo.updateEvidence(tx, evidence.id, {
        envelopeSigners: signers.map((s) => (s.signerId === signerId ? { ...s, status: 'signed' as const } : s)),
      });
      if (row.status !== S.SENT_TO_SIGN || evidence.signedStatus !== SIGNED_STATUS.SENT) return 'recorded';
      await mover.move(tx, {
        action: 'signingStarted',
        actor: SYSTEM_ACTOR,
        row: moveRow(row, await repo.provisionNames(tx, provisionId)),
        unitCount: await provisionsRepo.countUnitsOf(tx, provisionId),
        details: { evidenceId, envelopeId, signer: signer.name },
      });
      return 'moved';
    });
  }

  /**
   * Every signer signed: the stamped PDF is fetched from the provider (outside any transaction) and kept as the
   * document's file, signedStatus 2; when no document of the provision waits any more, the provision moves to 7.
   */
  async function completed(provisionId: number, document: repo.SigningDocumentRow): Promise<WebhookOutcome> {
    const { evidence } = document;
    if (evidence.signedStatus === SIGNED_STATUS.SIGNED) return 'duplicate';
    if (evidence.signedStatus !== SIGNED_STATUS.SENT || !evidence.envelopeId) return 'ignored';
    const envelopeId = evidence.envelopeId;
    const bytes = await adapters.esign.document(envelopeId);
    const stored = await storePdf(bytes, SIGNING_DOCUMENT_TEXT.signedFileName(document.file.originalName), null);
    const outcome = await recording(stored, () =>
      transaction(db, async (tx): Promise<WebhookOutcome> => {
        const row = await repo.lockProvisionById(tx, provisionId);
        const current = await repo.lockEvidence(tx, evidence.id);
        if (!row || !current || current.envelopeId !== envelopeId) return 'ignored';
        if (current.signedStatus === SIGNED_STATUS.SIGNED) return 'duplicate';
        if (current.signedStatus !== SIGNED_STATUS.SENT) return 'ignored';
        const file = await recordFile(tx, stored);
        await repo.updateEvidence(tx, current.id, {
          fileId: file.id,
          signedStatus: SIGNED_STATUS.SIGNED,
          envelopeSigners: (current.envelopeSigners ?? []).map((s) => ({ ...s, status: 'signed' as const })),
        });
        const waiting = await repo.countSentDocuments(tx, provisionId);
        if (waiting > 0 || (row.status !== S.SENT_TO_SIGN && row.status !== S.SIGNING)) return 'recorded';
        await mover.move(tx, {
          action: 'signingCompleted',
          actor: SYSTEM_ACTOR,
          row: moveRow(row, await repo.provisionNames(tx, provisionId)),
          unitCount: await provisionsRepo.countUnitsOf(tx, provisionId),
          details: { evidenceId: current.id, envelopeId, signedFileId: file.id, sentFileId: current.fileId },
        });
        return 'moved';
      }),
    );
    if (outcome === 'duplicate' || outcome === 'ignored') await abandon(stored);
    return outcome;
  }
}
