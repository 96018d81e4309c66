import {
  REFINANCING_DOCUMENT_TEXT,
  REFINANCING_MACHINE,
  REFINANCING_MESSAGES,
  REFINANCING_SIGNING_MESSAGES as M,
  REFINANCING_STATUS,
  SIGNED_STATUS,
  SIGN_DOC_TYPE,
  SYSTEM_ACTOR,
  refinancingEnvelopeReference,
  type EsignWebhookEventBody,
  type RefinancingActionResponse,
  type RedoRefinancingDocumentRequest,
  type RefinancingSigning,
  type SigningEvidence,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import { zipFiles } from '../../platform/zip';
import type { NotificationsService } from '../notifications/service';
import { createSigningDocuments, type StoredPdf, type WebhookOutcome } from '../provision-signing/envelopes';
import { signingDocumentPdf } from '../provision-signing/pdf';
import * as signingRepo from '../provision-signing/repository';
import type { SigningDocumentRow } from '../provision-signing/repository';
import { refinancingScopeOf, visibleRefinancingStatuses } from '../refinancings/policy';
import * as refinancingsRepo from '../refinancings/repository';
import { createRefinancingMover, lockRefinancingForMove, shownRefinancingFolio } from '../refinancings/transitions';
import { presentRefinancingDocuments as presentDocuments } from './presenter';
import * as repo from './repository';

export type RefinancingSigningService = ReturnType<typeof createRefinancingSigningService>;

type FoundRefinancing = NonNullable<Awaited<ReturnType<typeof refinancingsRepo.findRefinancing>>>;
/** The refreshed detail every action answers (the refinancings service's presenter). */
export type RefinancingDetailReader = (actor: AuthUser, id: number) => Promise<RefinancingActionResponse['data']>;
type SendAction = 'sendToFinbe' | 'sendToSign';

const S = REFINANCING_STATUS;
const MEXICO_DAY = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const isUnsent = (row: SigningDocumentRow) => (row.evidence.signedStatus ?? 0) === SIGNED_STATUS.NOT_SIGNED;
const hasEnvelope = (row: SigningDocumentRow) =>
  row.evidence.envelopeId !== null && !signingRepo.isClaim(row.evidence.envelopeId);
/** A document already signed is not made again (its refinancing has moved on). */
const signedRefused = () => new AppError('INVALID_STATUS', 409, REFINANCING_MESSAGES.statusNotAllowed);

/**
 * A refinancing's signing documents (type 13) and their e-signature (issue 19, decision 047), built on the
 * provisions' pieces (provision-signing/envelopes.ts): the PDF is made and the envelope created OUTSIDE any
 * transaction, the envelope recorded on its document at once so a retry never makes a second one, and every status
 * change goes through the refinancings' mover (machine, version, notifications, audit row) in one transaction.
 */
export function createRefinancingSigningService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'adapters' | 'storage' | 'config' | 'log'>,
  notifications: NotificationsService,
  detail: RefinancingDetailReader,
) {
  const { db, clock, log } = deps;
  const mover = createRefinancingMover({ notifications, clock });
  const documents = createSigningDocuments(deps);

  async function found(actor: AuthUser, id: number): Promise<FoundRefinancing> {
    const row = await refinancingsRepo.findRefinancing(
      db,
      refinancingScopeOf(actor),
      visibleRefinancingStatuses(actor),
      id,
    );
    if (!row) throw notFound();
    return row;
  }

  /** The machine's verdict on `action` as the refinancing stands (403 who, 409 status or stale version, 422 need). */
  async function check(actor: AuthUser, id: number, action: SendAction | 'redoDocument', expectedVersion?: number) {
    const locked = await transaction(db, (tx) => lockRefinancingForMove(tx, id));
    if (!locked) throw notFound();
    checkTransition(
      REFINANCING_MACHINE,
      actor,
      action,
      { ...locked.entity, version: locked.row.version },
      expectedVersion,
    );
    return locked;
  }

  /** The refinancing's signing document as it stands now (its folio, its units, its signers), written to storage. */
  async function makeDocument(refinancing: FoundRefinancing, uploadedBy: number): Promise<StoredPdf> {
    const { refinancing: row } = refinancing;
    const folio = shownRefinancingFolio(row);
    const signers = await signersOf(refinancing);
    const pdf = await signingDocumentPdf(
      {
        folio,
        company: refinancing.companyName,
        agency: refinancing.agencyName ?? '',
        legalRepresentative: refinancing.legalName ?? '',
        creditLine: row.creditLine,
        typeLine: row.typeLine,
        term: row.deadlines,
        total: row.total,
        date: MEXICO_DAY.format(clock.now()),
        units: refinancing.units.map((unit) => ({
          vinNumber: unit.vinNumber,
          brandName: unit.brandName ?? '',
          model: unit.model ?? '',
          description: unit.description ?? '',
          amount: unit.amount,
        })),
        signatures: signers.blocks,
      },
      { text: REFINANCING_DOCUMENT_TEXT },
    );
    return documents.storePdf(pdf, REFINANCING_DOCUMENT_TEXT.fileName(folio), uploadedBy);
  }

  const signersOf = (refinancing: FoundRefinancing) =>
    documents.signersOf({
      company: { id: refinancing.refinancing.companyId, name: refinancing.companyName, clientId: refinancing.clientId },
      legalId: refinancing.refinancing.legalId,
      creditLine: refinancing.refinancing.creditLine,
    });

  /**
   * Records `stored` as the refinancing's new unsent document (type 13, typeSignDoc 0, signedStatus 0), replacing
   * any other unsent one, in the caller's transaction.
   */
  async function recordUnsent(tx: Executor, refinancingId: number, stored: StoredPdf) {
    const replaced = (await repo.documentsOf(tx, refinancingId)).filter(isUnsent).map((d) => d.evidence.id);
    await deleteDocuments(tx, replaced);
    const file = await documents.recordFile(tx, stored);
    const evidence = await repo.insertDocument(tx, {
      fileId: file.id,
      refinancingId,
      typeSignDoc: SIGN_DOC_TYPE.PROVISION,
      createdAt: clock.now(),
    });
    return { evidence, file, replaced };
  }

  async function send(
    document: SigningDocumentRow,
    refinancingId: number,
    envelope: { name: string; email: string }[],
  ) {
    return documents.sendDocument(
      refinancingEnvelopeReference(refinancingId, document.evidence.id),
      document,
      envelope,
      M.noElectronicSigners,
    );
  }

  const service = {
    /** PATCH /api/refinancings/{id}/set-status {status: 5} (the flows' set-status hands it over): see below. */
    sendToFinbe: (actor: AuthUser, id: number, version: number, requestId: string) =>
      service.sendForSignature(actor, id, 'sendToFinbe', version, requestId),

    /**
     * Enviar a FinBe (set-status 5, from 1) and Enviar a firma (send-to-sign, from 4): the signing document made
     * (once: a retry finds it), its envelope created at the provider and recorded on it BEFORE the transaction that
     * moves the refinancing to 5 — so a failed transaction or a second request reuses it, never a second envelope.
     */
    async sendForSignature(
      actor: AuthUser,
      id: number,
      action: SendAction,
      expectedVersion: number,
      requestId: string,
    ) {
      const refinancing = await found(actor, id);
      await check(actor, id, action, expectedVersion);
      let unsent = (await repo.documentsOf(db, id)).filter(isUnsent);
      if (unsent.length === 0) {
        const stored = await makeDocument(refinancing, actor.id);
        const made = await documents.recording(stored, () =>
          transaction(db, async (tx) => {
            const locked = await lockRefinancingForMove(tx, id);
            if (!locked) throw notFound();
            const entity = { ...locked.entity, version: locked.row.version };
            checkTransition(REFINANCING_MACHINE, actor, action, entity, expectedVersion);
            // Another request made it meanwhile: that one is kept.
            if ((await repo.documentsOf(tx, id)).some(isUnsent)) return false;
            await recordUnsent(tx, id, stored);
            return true;
          }),
        );
        if (!made) await documents.abandon(stored);
        unsent = (await repo.documentsOf(db, id)).filter(isUnsent);
      }
      const toCreate = unsent.filter((d) => !hasEnvelope(d));
      if (toCreate.length > 0) {
        const signers = await signersOf(refinancing);
        for (const document of toCreate) await send(document, id, signers.envelope);
      }

      await transaction(db, async (tx) => {
        const row = await repo.lockRefinancingById(tx, id);
        if (!row) throw notFound();
        const ready = (await repo.documentsOf(tx, id)).filter((d) => isUnsent(d) && hasEnvelope(d));
        for (const document of ready) {
          await updateEvidence(tx, document.evidence.id, SIGNED_STATUS.SENT);
        }
        await mover.move(tx, {
          refinancingId: id,
          action,
          actor,
          expectedVersion,
          details: { documents: ready.map((d) => ({ evidenceId: d.evidence.id, envelopeId: d.evidence.envelopeId })) },
          requestId,
        });
      });
      return { data: await detail(actor, id), message: M.sentToSign };
    },

    /**
     * POST /api/refinancings/{id}/documents/{documentId}/redo (types 1, 3, 4 at 5–6): the document made again from
     * the refinancing as it stands (its current folio), sent in a new envelope; the one redone is withdrawn (its late
     * webhooks find nothing and change nothing). A failed envelope leaves the new document unsent; a retry replaces it.
     */
    async redo(
      actor: AuthUser,
      id: number,
      documentId: number,
      body: RedoRefinancingDocumentRequest,
      requestId: string,
    ) {
      if (body?.refinancingId !== undefined && body.refinancingId !== id) {
        throw new AppError('VALIDATION_ERROR', 400, M.refinancingMismatch);
      }
      const refinancing = await found(actor, id);
      await check(actor, id, 'redoDocument', body?.version);
      const target = (await repo.documentsOf(db, id)).find((d) => d.evidence.id === documentId);
      if (!target) throw notFound(M.documentNotFound);
      if (target.evidence.signedStatus === SIGNED_STATUS.SIGNED) throw signedRefused();

      const stored = await makeDocument(refinancing, actor.id);
      const pending = await documents.recording(stored, () =>
        transaction(db, async (tx) => {
          const locked = await lockRefinancingForMove(tx, id);
          if (!locked) throw notFound();
          const entity = { ...locked.entity, version: locked.row.version };
          checkTransition(REFINANCING_MACHINE, actor, 'redoDocument', entity, body?.version);
          return recordUnsent(tx, id, stored);
        }),
      );
      const signers = await signersOf(refinancing);
      const envelopeId = await send({ evidence: pending.evidence, file: pending.file }, id, signers.envelope);

      await transaction(db, async (tx) => {
        const row = await repo.lockRefinancingById(tx, id);
        if (!row) throw notFound();
        const withdrawn = (await repo.documentsOf(tx, id)).filter(
          (d) => d.evidence.id === documentId && d.evidence.signedStatus !== SIGNED_STATUS.SIGNED,
        );
        await deleteDocuments(
          tx,
          withdrawn.map((d) => d.evidence.id),
        );
        await updateEvidence(tx, pending.evidence.id, SIGNED_STATUS.SENT);
        await mover.move(tx, {
          refinancingId: id,
          action: 'redoDocument',
          actor,
          expectedVersion: body?.version,
          details: {
            evidenceId: pending.evidence.id,
            fileId: pending.file.id,
            envelopeId,
            withdrawn: withdrawn.map((d) => ({ evidenceId: d.evidence.id, envelopeId: d.evidence.envelopeId })),
          },
          requestId,
        });
      });
      return { data: await detail(actor, id), message: M.documentRedone };
    },

    /** GET /api/refinancings/{id}/documents: the signing documents of a refinancing in the caller's scope. */
    async documents(actor: AuthUser, id: number): Promise<{ documents: SigningEvidence[] }> {
      await found(actor, id);
      return { documents: await presentDocuments(db, id, actor.email) };
    },

    /**
     * GET /api/refinancings/{id}/signing (issue 26): the legal representative's in-app signing page — the refinancing
     * in its scope (type 4: its company's, statuses 5–10; 404 otherwise) with its documents, each carrying the caller's
     * signUrl at the e-signature provider while it still has to sign (the provisions' flow, decision 037).
     */
    async signingPage(actor: AuthUser, id: number): Promise<RefinancingSigning> {
      const row = await found(actor, id);
      return {
        id: row.refinancing.id,
        folio: shownRefinancingFolio(row.refinancing),
        companyName: row.companyName,
        status: row.refinancing.status,
        documents: await presentDocuments(db, id, actor.email),
      };
    },

    /**
     * GET /api/refinancings/{id}/signed-documents (types 3 and 4): the stamped PDFs — the PDF itself when there is
     * one, a ZIP of them when several; 409 while none is signed.
     */
    async signedDocuments(actor: AuthUser, id: number): Promise<{ bytes: Buffer; name: string; contentType: string }> {
      const refinancing = await found(actor, id);
      const signed = (await repo.documentsOf(db, id)).filter((d) => d.evidence.signedStatus === SIGNED_STATUS.SIGNED);
      if (signed.length === 0) throw new AppError('NO_SIGNED_DOCUMENTS', 409, M.noSignedDocuments);
      const files = await Promise.all(
        signed.map(async (d) => ({ name: d.file.originalName, bytes: await documents.readStored(d.file) })),
      );
      if (files.length === 1) return { ...files[0]!, name: files[0]!.name, contentType: 'application/pdf' };
      return {
        bytes: zipFiles(files, clock.now()),
        name: M.signedDocumentsZip(shownRefinancingFolio(refinancing.refinancing)),
        contentType: 'application/zip',
      };
    },

    /**
     * A verified provider event of a refinancing's document (POST /api/webhooks/esign, reference
     * `refinancing:<id>:<evidenceId>`). Idempotent by state, as for provisions: a repeat changes nothing.
     */
    async handleEvent(event: EsignWebhookEventBody): Promise<WebhookOutcome> {
      const { envelopeId, reference } = event;
      const document = await repo.findDocumentByEnvelope(db, envelopeId);
      const refinancingId = document?.evidence.refinancingId ?? null;
      if (
        !document ||
        refinancingId === null ||
        reference !== refinancingEnvelopeReference(refinancingId, document.evidence.id)
      ) {
        log.warn({ envelopeId, reference }, 'refinancing signing: webhook for an envelope we do not hold');
        return 'ignored';
      }
      const lockOwner = (tx: Executor) => repo.lockRefinancingById(tx, refinancingId);
      if (event.event === 'signed' && event.signerId) {
        // The first signature of a document out for signature: 5 → 6 (Proceso firma).
        return documents.recordSignature({
          evidenceId: document.evidence.id,
          envelopeId,
          reference,
          signerId: event.signerId,
          lockOwner,
          moved: async (tx, row, signer) => {
            if (row.status !== S.SENT_TO_SIGN) return 'recorded';
            await mover.move(tx, {
              refinancingId,
              action: 'signingStarted',
              actor: SYSTEM_ACTOR,
              details: { evidenceId: document.evidence.id, envelopeId, signer: signer.name },
            });
            return 'moved';
          },
        });
      }
      if (event.event === 'completed') {
        // Every signer of this document signed; when no document waits any more: → 7 (Firmado).
        return documents.recordCompletion({
          document,
          reference,
          lockOwner,
          moved: async (tx, row, { evidence, signedFileId }) => {
            const waiting = await repo.countSentDocuments(tx, refinancingId);
            if (waiting > 0 || (row.status !== S.SENT_TO_SIGN && row.status !== S.SIGNING)) return 'recorded';
            await mover.move(tx, {
              refinancingId,
              action: 'signingCompleted',
              actor: SYSTEM_ACTOR,
              details: { evidenceId: evidence.id, envelopeId, signedFileId, sentFileId: evidence.fileId },
            });
            return 'moved';
          },
        });
      }
      return 'ignored';
    },
  };
  return service;
}

const deleteDocuments = (tx: Executor, ids: number[]) => signingRepo.deleteEvidences(tx, ids);
const updateEvidence = (tx: Executor, id: number, signedStatus: number) =>
  signingRepo.updateEvidence(tx, id, { signedStatus });
