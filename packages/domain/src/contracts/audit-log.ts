import { z } from 'zod';
import { isoDate, pageQuery, paged } from './common';
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
