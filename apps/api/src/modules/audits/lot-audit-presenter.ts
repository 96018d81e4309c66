import {
  askLotAudit,
  fileDownloadPath,
  LOT_AUDIT_MESSAGES as TEXT,
  LOT_AUDIT_RESULT,
  lotAuditFindingName,
  lotAuditResultName,
  lotAuditStatusName,
  type LotAuditAction,
  type LotAuditFindingItem,
  type LotAuditSummary,
  type LotAuditUnit,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import * as repo from './lot-audit-repository';

// What the lot audits' routes answer: a unit's row, the findings and the audit's summary (issue 29 item 3).
export function presentUnit(row: repo.AuditUnitRow): LotAuditUnit {
  return {
    id: row.id,
    financedUnitId: row.financedUnitId,
    vin: row.vin,
    model: row.model,
    description: row.description,
    amount: row.amount,
    result: row.result,
    resultName: lotAuditResultName(row.result),
    photoFileId: row.photoFileId,
    photoUrl: row.photoFileId === null ? null : fileDownloadPath(row.photoFileId),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    checkedByName: row.checkedByName,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

export function presentFindings(rows: repo.AuditUnitRow[]): LotAuditFindingItem[] {
  return rows
    .filter((row) => row.findingDeadline !== null)
    .map((row) => {
      const kind = row.result === LOT_AUDIT_RESULT.NOT_LOCATED ? 'notLocated' : 'soldUnpaid';
      return {
        auditUnitId: row.id,
        vin: row.vin,
        kind,
        kindName: lotAuditFindingName(kind),
        deadline: row.findingDeadline!,
      };
    });
}

/** What the machine reads of the audit now. */
export const entityOf = (row: repo.LotAuditRow, today: string, pending: number) => ({
  status: row.status,
  selfAuditDeadline: row.selfAuditDeadline,
  today,
  pending,
});

export function summary(
  actor: AuthUser,
  row: repo.LotAuditRow,
  counts: { checked: number; total: number },
  today: string,
): LotAuditSummary {
  const entity = entityOf(row, today, counts.total - counts.checked);
  const may = (action: LotAuditAction) => askLotAudit(actor, action, entity).allowed;
  return {
    id: row.id,
    folio: row.folio,
    auditor: row.auditor,
    companyName: row.companyName,
    initialDate: row.initialDate,
    endDate: row.endDate,
    status: row.status,
    statusName: lotAuditStatusName(row.status),
    selfAuditDeadline: row.selfAuditDeadline,
    closedAt: row.closedAt?.toISOString() ?? null,
    progress: { checked: counts.checked, total: counts.total, text: TEXT.progress(counts.checked, counts.total) },
    version: row.version,
    can: { mark: may('mark'), close: may('close'), requestSelfAudit: may('requestSelfAudit') },
  };
}
