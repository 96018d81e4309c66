import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import { withinDays, type Window, pageWithCount } from '../../platform/listing';

export type AuditLogFilters = {
  actor?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
};

export type AuditLogRow = {
  id: number;
  at: Date;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
};

export const auditLogId = auditLog.id;

/** Sortable fields of the list. */
export const auditLogSortFields = { at: auditLog.at, action: auditLog.action, entity: auditLog.entity };

function where(filters: AuditLogFilters): SQL | undefined {
  const conditions: SQL[] = [...withinDays(auditLog.at, filters.from, filters.to)];
  if (filters.actor !== undefined) conditions.push(eq(auditLog.actorId, filters.actor));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.entityId) conditions.push(eq(auditLog.entityId, filters.entityId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const rowFields = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorEmail: users.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  requestId: auditLog.requestId,
};

// No foreign key (the trail outlives its rows): an actor since deleted shows without an e-mail.
const rowsWithActor = (db: Executor) =>
  db.select(rowFields).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId));

export async function listAuditLog(
  db: Executor,
  filters: AuditLogFilters,
  window: Window,
  order: SQL[],
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const query = rowsWithActor(db)
    .where(where(filters))
    .orderBy(...order);
  return pageWithCount(query, window, db.select({ n: count() }).from(auditLog).where(where(filters)));
}

/** Every row of one record, oldest first (the id breaks ties within a transaction: rows share its `at`). */
export async function recordHistory(db: Executor, entity: string, entityId: string): Promise<AuditLogRow[]> {
  return rowsWithActor(db)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}
