import {
  REFINANCING_DOCUMENT_TEXT,
  REFINANCING_MACHINE,
  REFINANCING_MESSAGES,
  REFINANCING_SIGNING_MESSAGES as M,
  REFINANCING_STATUS,
  SIGNED_STATUS,
  SYSTEM_ACTOR,
  refinancingEnvelopeReference,
  type EsignWebhookEventBody,
  type RefinancingActionResponse,
  type RedoRefinancingDocumentRequest,
  type RefinancingSigning,
  type SigningEvidence,
  AppErrorCode,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import { zipFiles } from '../../platform/zip';
import type { NotificationsService } from '../notifications';
import { isUnsent, type FinancingKind } from '../financing';
import { handleEsignEvent } from '../financing';
import { makeSigningDocument } from '../financing';
import { redoSentDocument } from '../financing';
import { replaceUnsentDocument } from '../financing';
import { sendDocumentsToSign } from '../financing';
import { REFINANCING_DOCUMENTS } from '../financing';
import { createSigningDocuments, type StoredPdf, type WebhookOutcome } from '../provision-signing';
import { visibleRefinancing } from '../refinancings';
import * as refinancingsRepo from '../refinancings';
import { createRefinancingMover, lockRefinancingForMove, shownRefinancingFolio } from '../refinancings';
import { presentRefinancingDocuments as presentDocuments } from './presenter';
import * as repo from './repository';

export type RefinancingSigningService = ReturnType<typeof createRefinancingSigningService>;

type FoundRefinancing = NonNullable<Awaited<ReturnType<typeof refinancingsRepo.findRefinancing>>>;
/** The refreshed detail every action answers (the refinancings service's presenter). */
export type RefinancingDetailReader = (actor: AuthUser, id: number) => Promise<RefinancingActionResponse['data']>;
type SendAction = 'sendToFinbe' | 'sendToSign';

const S = REFINANCING_STATUS;
/** A document already signed is not made again (its refinancing has moved on). */
const signedRefused = () =>
  new AppError(AppErrorCode.INVALID_STATUS, { message: REFINANCING_MESSAGES.statusNotAllowed });

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

  const found = (actor: AuthUser, id: number): Promise<FoundRefinancing> => visibleRefinancing(db, actor, id);

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
    return makeSigningDocument(
      { clock, documents },
      {
        row,
        folio,
        company: refinancing.companyName,
        agencyName: refinancing.agencyName,
        legalName: refinancing.legalName,
        units: refinancing.units.map((unit) => ({
          vinNumber: unit.vinNumber,
          brandName: unit.brandName ?? '',
          model: unit.model ?? '',
          description: unit.description ?? '',
          amount: unit.amount,
        })),
        signers: await signersOf(refinancing),
        text: REFINANCING_DOCUMENT_TEXT,
        fileName: REFINANCING_DOCUMENT_TEXT.fileName(folio),
        uploadedBy,
      },
    );
  }

  const signersOf = (refinancing: FoundRefinancing) =>
    documents.signersOf({
      company: { id: refinancing.refinancing.companyId, name: refinancing.companyName, clientId: refinancing.clientId },
      legalId: refinancing.refinancing.legalId,
      creditLine: refinancing.refinancing.creditLine,
    });

  /** The refinancing as a financing operation: its documents (evidence type 13), its reference, its webhook moves. */
  const kind: FinancingKind<{ status: number }> = {
    label: 'refinancing signing',
    statuses: S,
    signingDocuments: REFINANCING_DOCUMENTS,
    reference: refinancingEnvelopeReference,
    lockById: repo.lockRefinancingById,
    moveBySystem: (tx, _row, move) =>
      mover.move(tx, { refinancingId: move.id, action: move.action, actor: SYSTEM_ACTOR, details: move.details }),
    noElectronicSigners: M.noElectronicSigners,
  };

  /**
   * Records `stored` as the refinancing's new unsent document (type 13, typeSignDoc 0, signedStatus 0), replacing
   * any other unsent one, in the caller's transaction.
   */
  const recordUnsent = (tx: Executor, refinancingId: number, stored: StoredPdf) =>
    replaceUnsentDocument(kind, documents, tx, { id: refinancingId, stored, now: clock.now() });

  /** The refinancing's row locked for a user's move (the mover locks it again, with its counts). */
  const lockForMove = async (tx: Executor, id: number) => {
    const row = await repo.lockRefinancingById(tx, id);
    if (!row) throw notFound();
    return row;
  };

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
      await sendDocumentsToSign(kind, { db, documents }, id, unsent, {
        signers: () => signersOf(refinancing),
        lock: (tx) => lockForMove(tx, id),
        move: (tx, _row, { details }) =>
          mover.move(tx, { refinancingId: id, action, actor, expectedVersion, details, requestId }),
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
        throw badRequest(M.refinancingMismatch);
      }
      const refinancing = await found(actor, id);
      await check(actor, id, 'redoDocument', body?.version);
      const target = (await repo.documentsOf(db, id)).find((d) => d.evidence.id === documentId);
      if (!target) throw notFound(M.documentNotFound);
      if (target.evidence.signedStatus === SIGNED_STATUS.SIGNED) throw signedRefused();

      const stored = await makeDocument(refinancing, actor.id);
      await redoSentDocument(kind, { db, clock, documents }, id, stored, {
        recheck: async (tx) => {
          const locked = await lockRefinancingForMove(tx, id);
          if (!locked) throw notFound();
          const entity = { ...locked.entity, version: locked.row.version };
          checkTransition(REFINANCING_MACHINE, actor, 'redoDocument', entity, body?.version);
        },
        signers: () => signersOf(refinancing),
        withdraws: (d) => d.evidence.id === documentId && d.evidence.signedStatus !== SIGNED_STATUS.SIGNED,
        lock: (tx) => lockForMove(tx, id),
        move: (tx, _row, details) =>
          mover.move(tx, {
            refinancingId: id,
            action: 'redoDocument',
            actor,
            expectedVersion: body?.version,
            details,
            requestId,
          }),
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
      if (signed.length === 0) throw new AppError(AppErrorCode.NO_SIGNED_DOCUMENTS);
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
    handleEvent: (event: EsignWebhookEventBody): Promise<WebhookOutcome> =>
      handleEsignEvent(kind, { db, log, documents }, event),
  };
  return service;
}
