import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogListQuery, auditLogListResponse, errorResponse } from '@planpiso/domain';
import type { AuditLogService } from './service';

/** GET /api/audit-log (issue 14; path ours). Who: API_PERMISSIONS (the super user). */
export async function auditLogRoutes(app: FastifyInstance, { auditLog }: { auditLog: AuditLogService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit-log',
    {
      schema: {
        tags: ['audit-log'],
        security: [{ bearerAuth: [] }],
        summary: 'The audit log, paged (default: newest first); filters by actor, action, entity, entity id and days',
        querystring: auditLogListQuery,
        response: { 200: auditLogListResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => ({ data: await auditLog.list(request.query) }),
  );
}
