import {
  PROVISION_MACHINE,
  PROVISION_STATUS,
  SIGNED_STATUS,
  SIGNING_DOCUMENT_TEXT,
  SIGN_DOC_TYPE,
  type SigningActionResponse,
  type StateActor,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import type { NotificationsService } from '../notifications/service';
import type { ProvisionScope } from '../provisions/policy';
import * as provisionsRepo from '../provisions/repository';
import { createProvisionMover, type ProvisionMoveRow } from '../provisions/transitions';
import { createSigningDocuments, type StoredPdf } from './envelopes';
import { signingDocumentPdf } from './pdf';
import { presentSigningEvidence } from './presenter';
import * as repo from './repository';
import type { Signers } from './signers';

export type SigningDeps = Pick<AppDeps, 'db' | 'clock' | 'adapters' | 'storage' | 'config' | 'log'>;
export type FoundProvision = NonNullable<Awaited<ReturnType<typeof provisionsRepo.findProvision>>>;
export type SigningContext = ReturnType<typeof createSigningContext>;

export const S = PROVISION_STATUS;
const MEXICO_DAY = new Intl.DateTimeFormat('es-MX', {
  timeZone: 'America/Mexico_City',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
export const isUnsent = (row: repo.SigningDocumentRow) => (row.evidence.signedStatus ?? 0) === SIGNED_STATUS.NOT_SIGNED;
/** The reference the provider echoes in every webhook (decision 037). */
export const referenceOf = (provisionId: number, evidenceId: number) => `provision:${provisionId}:${evidenceId}`;

/**
 * What every signing use case shares (generate-document.ts, send-to-sign.ts, redo-document.ts, esign-event.ts):
 * the app's dependencies, the provisions' mover, the documents and envelopes, and the steps they have in common.
 */
export function createSigningContext(deps: SigningDeps, notifications: NotificationsService) {
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
    deps,
    db,
    clock,
    mover,
    documents,
    recording,
    found,
    moveRow,
    signersOf,
    makeDocument,
    sendDocument,
    answer,
    names,
    replaceUnsent,
    assertWho,
  };
}
