import type { Executor } from '../../db/client';
import type { SigningDocuments, StoredPdf } from '../provision-signing';
import * as signingRepo from '../provision-signing';
import { isUnsent, type FinancingKind } from './financing-kind';
import { insertUnsentSigningDocument, signingDocumentsOf } from './signing-documents-repository';

/**
 * Records `stored` as the operation's new unsent signing document (signedStatus 0), in the caller's transaction,
 * replacing any other unsent one. Returns the new evidence, its file and the ids it replaced.
 */
export async function replaceUnsentDocument<Owner extends { status: number }>(
  kind: FinancingKind<Owner>,
  documents: SigningDocuments,
  tx: Executor,
  input: { id: number; stored: StoredPdf; now: Date },
) {
  const replaced = (await signingDocumentsOf(tx, kind.signingDocuments, input.id))
    .filter(isUnsent)
    .map((d) => d.evidence.id);
  await signingRepo.deleteEvidences(tx, replaced);
  const file = await documents.recordFile(tx, input.stored);
  const evidence = await insertUnsentSigningDocument(tx, kind.signingDocuments, {
    id: input.id,
    fileId: file.id,
    createdAt: input.now,
  });
  return { evidence, file, replaced };
}
