import { auditLog } from '../db/schema/audit';
import type { Executor } from '../db/client';

export type AuditEntry = {
  /** The user who acted; null for the system (seed, CLI). */
  actor: number | null;
  /** What happened, `area.verb` (e.g. `identity.password-changed`). */
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
};

/**
 * The one way to record a state change (ARCHITECTURE §4). Call it with the transaction that makes the change,
 * so the row exists exactly when the change does. Never pass secrets (hashes, codes, tokens) in before/after.
 */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** The status toggle every area records the same way: `<entity>.status-changed`, active before → after. */
export async function writeStatusAudit(
  tx: Executor,
  entry: { actor: number; entity: string; entityId: number; wasActive: boolean; active: boolean; requestId: string },
): Promise<void> {
  await writeAudit(tx, {
    actor: entry.actor,
    action: `${entry.entity}.status-changed`,
    entity: entry.entity,
    entityId: entry.entityId,
    before: { isActive: entry.wasActive },
    after: { isActive: entry.active },
    requestId: entry.requestId,
  });
}
