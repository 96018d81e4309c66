import {
  PROVISION_STATUS,
  SIGNING_DOCUMENT_TEXT,
  SYSTEM_ACTOR,
  type SigningActionResponse,
  type StateActor,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { assertCan } from '../../platform/can';
import type { FinancingKind } from '../financing';
import { makeSigningDocument } from '../financing';
import { PROVISION_DOCUMENTS } from '../financing';
import { replaceUnsentDocument } from '../financing';
import type { NotificationsService } from '../notifications';
import type { ProvisionScope } from '../provisions';
import * as provisionsRepo from '../provisions';
import { createProvisionMover, provisionMoveRow, type ProvisionMove } from '../provisions';
import { createSigningDocuments, type StoredPdf } from './envelopes';
import { presentSigningEvidence } from './presenter';
import * as repo from './repository';
import type { Signers } from './signers';

export type SigningDeps = Pick<AppDeps, 'db' | 'clock' | 'adapters' | 'storage' | 'config' | 'log'>;
export type FoundProvision = NonNullable<Awaited<ReturnType<typeof provisionsRepo.findProvision>>>;
export type SigningContext = ReturnType<typeof createSigningContext>;

export const S = PROVISION_STATUS;
export { isUnsent } from '../financing';
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
  const { recording } = documents;

  async function found(scope: ProvisionScope, id: number): Promise<FoundProvision> {
    const row = await provisionsRepo.findProvision(db, scope, id);
    if (!row) throw notFound();
    return row;
  }

  /** Who signs the provision's document: the signer configuration, completed with what the CRM knows. */
  const signersOf = ({ provision: row, company }: FoundProvision): Promise<Signers> =>
    documents.signersOf({ company, legalId: row.legalId, creditLine: row.creditLine });

  /** The signing document of the provision as it stands now (its folio printed), written to storage. */
  async function makeDocument(provision: FoundProvision, uploadedBy: number): Promise<StoredPdf> {
    const { provision: row } = provision;
    const [units, signers] = await Promise.all([repo.includedUnitsOf(db, row.id), signersOf(provision)]);
    return makeSigningDocument(
      { clock, documents },
      {
        row,
        folio: provision.folioShown,
        company: provision.company.name,
        agencyName: provision.agencyName,
        legalName: provision.legalName,
        units,
        signers,
        fileName: SIGNING_DOCUMENT_TEXT.fileName(provision.folioShown),
        uploadedBy,
      },
    );
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

  /** The provision locked in the caller's transaction, as the caller may see it (404 otherwise). */
  async function locked(tx: Executor, scope: ProvisionScope, id: number): Promise<provisionsRepo.ProvisionRow> {
    const row = await provisionsRepo.lockProvision(tx, scope, id);
    if (!row) throw notFound();
    return row;
  }

  /** A user's move of the locked `row`, named as `provision` was read before the transaction. */
  const moveLocked = async (
    tx: Executor,
    provision: FoundProvision,
    row: provisionsRepo.ProvisionRow,
    move: Omit<ProvisionMove, 'row' | 'unitCount'>,
  ) =>
    mover.move(tx, {
      ...move,
      row: provisionMoveRow(row, names(provision)),
      unitCount: await provisionsRepo.countUnitsOf(tx, row.id),
    });

  /** The provision as a financing operation: its documents (evidence type 1), its reference, its webhook moves. */
  const kind: FinancingKind<provisionsRepo.ProvisionRow> = {
    label: 'signing',
    statuses: S,
    signingDocuments: PROVISION_DOCUMENTS,
    reference: referenceOf,
    lockById: repo.lockProvisionById,
    moveBySystem: async (tx, row, move) =>
      mover.move(tx, {
        action: move.action,
        actor: SYSTEM_ACTOR,
        row: provisionMoveRow(row, await repo.provisionNames(tx, move.id)),
        unitCount: await provisionsRepo.countUnitsOf(tx, move.id),
        details: move.details,
      }),
  };

  /**
   * Replaces the provision's document that is not yet sent by `stored`, in the caller's transaction: the file and
   * its evidence (type 1, typeSignDoc 0, signedStatus 0). Returns the new evidence and the ids it replaced.
   */
  const replaceUnsent = (tx: Executor, provisionId: number, stored: StoredPdf) =>
    replaceUnsentDocument(kind, documents, tx, { id: provisionId, stored, now: clock.now() });

  /** `can` without the row before anything is read (403), as the provisions' own actions do. */
  const assertWho = (actor: StateActor, action: 'generateDocuments' | 'sendToSign' | 'redoDocument') =>
    assertCan(actor, `provision.${action}`);

  return {
    deps,
    db,
    clock,
    mover,
    documents,
    kind,
    recording,
    found,
    moveRow: provisionMoveRow,
    signersOf,
    makeDocument,
    answer,
    names,
    locked,
    moveLocked,
    replaceUnsent,
    assertWho,
  };
}
