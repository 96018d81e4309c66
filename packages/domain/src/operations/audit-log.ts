import {
  auditLogListQuery,
  auditLogListResponse,
  auditLogRecordHistoryResponse,
  auditLogRecordParams,
} from '../contracts/audit-log';
import { fileDownloadResponse } from '../contracts/files';
import { defineOperation } from './operation';

const tags = ['audit-log'];

/** The audit log (issue 14; path ours): read by the super user only; written by every state change (ARCHITECTURE §4). */
export const AUDIT_LOG_OPERATIONS = {
  listAuditLog: defineOperation({
    method: 'GET',
    path: '/api/audit-log',
    tags,
    who: [1],
    summary: 'The audit log, paged (default: newest first); filters by actor, action, entity, entity id and days',
    query: auditLogListQuery,
    response: auditLogListResponse,
  }),
  // Issue 30 item 6: a regulator asks for one record's whole trail; one call answers it (JSON or XLSX).
  recordHistory: defineOperation({
    method: 'GET',
    path: '/api/audit-log/records/:entity/:id',
    tags,
    who: [1],
    summary: "One record's whole audit history (every row, oldest first, not paged), e.g. /records/provision/12",
    params: auditLogRecordParams,
    response: auditLogRecordHistoryResponse,
  }),
  exportRecordHistory: defineOperation({
    method: 'GET',
    path: '/api/audit-log/records/:entity/:id/export',
    tags,
    who: [1],
    summary: "The same history as an XLSX, 'Historial <entity> <id> (DD-MM-YYYY).xlsx', Spanish headers",
    params: auditLogRecordParams,
    response: fileDownloadResponse,
  }),
} as const;
