import { fileDownloadPath, EVIDENCE_TYPE, type EvidenceResponse, type ExceptionResponse } from '@planpiso/domain';
import { presentFileFields, type FileRow } from '../files';
import type { ExceptionRow } from './repository';

/** An evidence as the screens read it (spec 3 §3); `url` is the scoped download route, never a storage key. */
export function presentEvidence(evidence: { id: number; type: number }, file: FileRow): EvidenceResponse {
  return {
    id: evidence.id,
    ...presentFileFields(file),
    url: fileDownloadPath(file.id),
    type: evidence.type,
  };
}

export function presentException(
  row: ExceptionRow,
  companyName: string,
  evidences: EvidenceResponse[],
): ExceptionResponse {
  return {
    id: row.id,
    folio: row.folio,
    type: row.type,
    comment: row.comment,
    status: row.status,
    accountId: row.accountId,
    companyId: row.companyId,
    registerBy: row.registerBy,
    company: { id: row.companyId, name: companyName },
    commentOF: row.commentOF,
    commentAF: row.commentAF,
    isApproved: row.isApproved,
    operatorId: row.operatorId,
    adminId: row.adminId,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    evidences,
  };
}

export const CUSTOMER_EVIDENCE = EVIDENCE_TYPE.EXCEPTION_CUSTOMER;
