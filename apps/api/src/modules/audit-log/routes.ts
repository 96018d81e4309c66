import type { FastifyInstance } from 'fastify';
import { AUDIT_LOG_OPERATIONS as op } from '@planpiso/domain';
import { operationRoute } from '../../platform/operation-route';
import type { AuditLogService } from './service';

/** GET /api/audit-log (issue 14; path ours), declared in packages/domain/src/operations/audit-log.ts. */
export async function auditLogRoutes(app: FastifyInstance, { auditLog }: { auditLog: AuditLogService }) {
  operationRoute(app, op.listAuditLog, async ({ query }) => ({ data: await auditLog.list(query) }));
}
