import { AUDIT_LOG_DEFAULT_SORT, type AuditLogEntry, type AuditLogListQuery } from '@planpiso/domain';
import type { AppDeps } from '../../platform/deps';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import * as repo from './repository';

export type AuditLogService = ReturnType<typeof createAuditLogService>;

/** The audit trail, read by the super user (API_PERMISSIONS); every module writes it through platform/audit.ts. */
export function createAuditLogService({ db }: Pick<AppDeps, 'db'>) {
  return {
    async list(query: AuditLogListQuery): Promise<Page<AuditLogEntry>> {
      const { page, pageSize, sort, ...filters } = query;
      const { rows, total } = await repo.listAuditLog(
        db,
        filters,
        pageWindow({ page, pageSize }),
        orderBy(sort, AUDIT_LOG_DEFAULT_SORT, repo.auditLogSortFields, repo.auditLogId),
      );
      return { items: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total };
    },
  };
}
