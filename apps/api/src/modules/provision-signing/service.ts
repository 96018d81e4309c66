import {
  PROVISION_MACHINE,
  PROVISION_STATUS,
  SIGNED_STATUS,
  SIGNING_DOCUMENT_TEXT,
  SIGNING_MESSAGES,
  SIGN_DOC_TYPE,
  SYSTEM_ACTOR,
  type EsignWebhookEventBody,
  type SigningActionResponse,
  type SigningEvidence,
  type StateActor,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import type { NotificationsService } from '../notifications/service';
import { assertOperatingWindow } from '../provision-settings/operating-window';
import { provisionScopeOf, type ProvisionScope } from '../provisions/policy';
import * as provisionsRepo from '../provisions/repository';
import { createProvisionMover, type ProvisionMoveRow } from '../provisions/transitions';
import { createSigningDocuments, type StoredPdf, type WebhookOutcome } from './envelopes';
import { signingDocumentPdf } from './pdf';
import { presentSigningEvidence } from './presenter';
import * as repo from './repository';
import type { Signers } from './signers';

export type ProvisionSigningService = ReturnType<typeof createProvisionSigningService>;

export type { WebhookOutcome } from './envelopes';

type FoundProvision = NonNullable<Awaited<ReturnType<typeof provisionsRepo.findProvision>>>;

const S = PROVISION_STATUS;
const MEXICO_DAY = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
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
  const { db, clock } = deps;
  const mover = createProvisionMover({ notifications, clock });
  const documents = createSigningDocuments(deps);
  const { recording, recordFile } = documents;

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
  const signersOf = ({ provision: row, company }: FoundProvision): Promise<Signers> =>
    documents.signersOf({ company, legalId: row.legalId, creditLine: row.creditLine });

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
    return documents.storePdf(pdf, SIGNING_DOCUMENT_TEXT.fileName(provision.folioShown), uploadedBy);
  }

  const sendDocument = (provisionId: number, document: repo.SigningDocumentRow, signers: Signers['envelope']) =>
    documents.sendDocument(referenceOf(provisionId, document.evidence.id), document, signers);

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

    /** POST /api/webhooks/esign: a provider event, trusted only with a valid HMAC of the exact body (401 otherwise). */
    webhook: (rawBody: string, signature: string | undefined) =>
      handleEvent(documents.parseWebhook(rawBody, signature)),

    handleEvent,
    parseWebhook: documents.parseWebhook,
  };

  /**
   * A verified provider event of a provision's document. Idempotent by state: a signer already signed, a document
   * already signed, an envelope withdrawn or unknown — nothing changes and the provider is told 200 so it stops
   * retrying.
   */
  async function handleEvent(event: EsignWebhookEventBody): Promise<WebhookOutcome> {
    const { envelopeId, reference } = event;
    const document = await repo.findByEnvelope(db, envelopeId);
    const provisionId = document?.evidence.provisionId ?? null;
    if (!document || provisionId === null || reference !== referenceOf(provisionId, document.evidence.id)) {
      deps.log.warn({ envelopeId, reference }, 'signing: webhook for an envelope we do not hold');
      return 'ignored';
    }
    if (event.event === 'signed' && event.signerId) {
      return signed(provisionId, document.evidence.id, envelopeId, reference, event.signerId);
    }
    if (event.event === 'completed') return completed(provisionId, document, reference);
    return 'ignored';
  }

  /** A signer signed: recorded on the document; the first signature moves the provision 5 → 6 (Proceso firma). */
  function signed(provisionId: number, evidenceId: number, envelopeId: string, reference: string, signerId: string) {
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
}
