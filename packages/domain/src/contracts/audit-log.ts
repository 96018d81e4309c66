import { z } from 'zod';
import { AUDIT_LOG_MESSAGES } from '../messages-audit-log';
import { envelope, isoDate, pageQuery, paged } from './common';
import { idParam, searchText } from './inputs';

/**
 * GET /api/audit-log (issue 14; path ours, ARCHITECTURE §4 "audit_log"): the super user's read of the trail, newest
 * first. `action` and `entity` match exactly (they are codes such as `identity.sign-in-failed` and `user`);
 * `from`/`to` are Mexico City days, both inclusive.
 */
export const auditLogListQuery = pageQuery.extend({
  actor: idParam().optional(),
  action: searchText(100),
  entity: searchText(100),
  entityId: searchText(100),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditLogListQuery = z.infer<typeof auditLogListQuery>;
export const AUDIT_LOG_DEFAULT_SORT = 'at:desc';

/** One audit row as the screen receives it: `at` is an ISO instant; the actor's e-mail when it was a user. */
export const auditLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogListResponse = paged(auditLogEntry);

/**
 * What the audit log records changes of: every `entity` the API writes (apps/api/test/audit-log-history.test.ts
 * checks the API's literals against this list, so a new kind of record cannot be left out of the export).
 */
export const AUDIT_LOG_ENTITIES = [
  'account',
  'audit',
  'branch',
  'company',
  'crm-insertion',
  'exception',
  'file',
  'financed-unit',
  'non-working-day',
  'notification',
  'provision',
  'provision-settings',
  'refinancing',
  'role',
  'service-desk-email',
  'unit',
  'user',
] as const;
export type AuditLogEntity = (typeof AUDIT_LOG_ENTITIES)[number];

/** An entity id as the log keeps it (varchar 100): ids are digits today; letters, dots, dashes stay possible. */
const RECORD_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * GET /api/audit-log/records/:entity/:id and …/export (issue 30 item 6; paths ours): one record's whole history,
 * for a regulator's request. An unknown kind of record or a malformed id is a 400 with the catalogue's text.
 */
export const auditLogRecordParams = z.object({
  entity: z.enum(AUDIT_LOG_ENTITIES, { error: AUDIT_LOG_MESSAGES.unknownEntity }),
  id: z.string({ error: AUDIT_LOG_MESSAGES.badRecordId }).regex(RECORD_ID, { message: AUDIT_LOG_MESSAGES.badRecordId }),
});
export type AuditLogRecordParams = z.infer<typeof auditLogRecordParams>;

/** The record's every audit row, oldest first (no paging: the export is the whole trail). */
export const auditLogRecordHistory = z.object({
  entity: z.enum(AUDIT_LOG_ENTITIES),
  entityId: z.string(),
  items: z.array(auditLogEntry),
});
export type AuditLogRecordHistory = z.infer<typeof auditLogRecordHistory>;
export const auditLogRecordHistoryResponse = envelope(auditLogRecordHistory);
