import type { SigningEvidence } from '@planpiso/domain';
import type { SigningDocumentRow } from './repository';
import { fileDownloadPath } from '@planpiso/domain';
import { presentFileFields } from '../files';

/**
 * A signing document as the screens read it (spec 3 §3 Evidence): `url` is the scoped download route, never a
 * storage key; `signUrl` only for a caller who is one of its signers and has not signed yet.
 */
export function presentSigningEvidence({ evidence, file }: SigningDocumentRow, callerEmail?: string): SigningEvidence {
  const email = callerEmail?.toLowerCase();
  const pending = email
    ? (evidence.envelopeSigners ?? []).find((s) => s.status === 'pending' && s.email.toLowerCase() === email)
    : undefined;
  return {
    id: evidence.id,
    ...presentFileFields(file),
    type: evidence.type,
    typeSignDoc: evidence.typeSignDoc ?? 0,
    signedStatus: evidence.signedStatus ?? 0,
    url: fileDownloadPath(file.id),
    ...(pending && evidence.signedStatus === 1 && { signUrl: pending.signUrl }),
    createdAt: evidence.createdAt.toISOString(),
  };
}
