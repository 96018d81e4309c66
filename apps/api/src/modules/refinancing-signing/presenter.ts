import { refinancingEvidenceFilePath, type SigningEvidence } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { presentSigningEvidence } from '../provision-signing';
import * as repo from './repository';

/**
 * A refinancing's signing documents (type 13) as the screens read them — GET /documents and the detail's
 * `documents` (decision 047): the provisions' shape, `url` the refinancing's own scoped download, `signUrl` only for
 * a caller who still has to sign.
 */
export async function presentRefinancingDocuments(
  db: Executor,
  refinancingId: number,
  callerEmail?: string,
): Promise<SigningEvidence[]> {
  const rows = await repo.documentsOf(db, refinancingId);
  return rows.map((row) => ({
    ...presentSigningEvidence(row, callerEmail),
    url: refinancingEvidenceFilePath(refinancingId, row.evidence.id),
  }));
}
