import type { FastifyInstance } from 'fastify';
import { AUDIT_LOG_OPERATIONS as op } from '@planpiso/domain';
import { XLSX_CONTENT_TYPE, sendAttachment } from '../../platform/attachment';
import type { AppDeps } from '../../platform/deps';
import { operationRoute } from '../../platform/operation-route';
import { recordHistory, recordHistoryXlsx } from './record-history';
import type { AuditLogService } from './service';

/** The audit log (issue 14, issue 30 item 6; paths ours), declared in packages/domain/src/operations/audit-log.ts. */
export async function auditLogRoutes(
  app: FastifyInstance,
  { auditLog, deps }: { auditLog: AuditLogService; deps: Pick<AppDeps, 'db' | 'clock'> },
) {
  operationRoute(app, op.listAuditLog, async ({ query }) => ({ data: await auditLog.list(query) }));
  operationRoute(app, op.recordHistory, async ({ params }) => ({ data: await recordHistory(deps, params) }));
  operationRoute(app, op.exportRecordHistory, async ({ params }, _request, reply) => {
    const { bytes, fileName } = await recordHistoryXlsx(deps, params);
    return sendAttachment(reply, { bytes, name: fileName, contentType: XLSX_CONTENT_TYPE });
  });
}
