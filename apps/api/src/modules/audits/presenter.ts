import { askLotAudit, type AuditResponse, type StateActor } from '@planpiso/domain';
import type { AuditRow } from './repository';

/**
 * An audit as the screens receive it (spec 3 §3): days YYYY-MM-DD, the account's and company's names, its lot
 * audit's status, and whether `actor` may edit it on `today` (the lot audit's machine, decision 081).
 */
export function presentAudit(row: AuditRow, actor: StateActor, today: string): AuditResponse {
  const entity = { status: row.status, selfAuditDeadline: row.selfAuditDeadline, today, pending: 0 };
  return {
    ...auditFacts(row),
    can: { edit: askLotAudit(actor, 'edit', entity).allowed },
  };
}

/** The audit's own facts, the same for every reader: what the audit log keeps before and after a change. */
export function auditFacts(row: AuditRow): Omit<AuditResponse, 'can'> {
  return {
    id: row.id,
    folio: row.folio,
    auditor: row.auditor,
    description: row.description,
    accountId: row.accountId,
    companyId: row.companyId,
    isSuspended: row.isSuspended,
    status: row.status,
    registerBy: row.registerBy,
    initialDate: row.initialDate,
    endDate: row.endDate,
    account: { name: row.accountName },
    company: { name: row.companyName },
    version: row.version,
  };
}
