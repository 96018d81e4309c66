import type { AuditResponse } from '@planpiso/domain';
import type { AuditRow } from './repository';

/** An audit as the screens receive it (spec 3 §3): days YYYY-MM-DD, the account's and company's names. */
export function presentAudit(row: AuditRow): AuditResponse {
  return {
    id: row.id,
    folio: row.folio,
    auditor: row.auditor,
    description: row.description,
    accountId: row.accountId,
    companyId: row.companyId,
    isSuspended: row.isSuspended,
    registerBy: row.registerBy,
    initialDate: row.initialDate,
    endDate: row.endDate,
    account: { name: row.accountName },
    company: { name: row.companyName },
    version: row.version,
  };
}
