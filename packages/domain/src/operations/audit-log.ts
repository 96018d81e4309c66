import { auditLogListQuery, auditLogListResponse } from '../contracts/audit-log';
import { defineOperation } from './operation';

/** The audit log (issue 14; path ours): read by the super user only; written by every state change (ARCHITECTURE §4). */
export const AUDIT_LOG_OPERATIONS = {
  listAuditLog: defineOperation({
    method: 'GET',
    path: '/api/audit-log',
    tags: ['audit-log'],
    who: [1],
    summary: 'The audit log, paged (default: newest first); filters by actor, action, entity, entity id and days',
    query: auditLogListQuery,
    response: auditLogListResponse,
  }),
} as const;
