import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPE,
  SYSTEM_ACTOR_TYPE,
  USER_TYPE,
  type FinancingAudience,
  type StateActor,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { accountOperators } from '../../db/schema/assignments';
import { users } from '../../db/schema/users';
import type { NotificationsService } from '../notifications';
import { writeAudit } from '../../platform/audit';

/** The people around a financing operation (a provision, a refinancing) its notices are sent to. */
export type FinancingParties = { accountId: number; registerBy: number; legalId: number | null };

/**
 * The users behind each audience for one operation, active ones only, sorted: the dealer's operator who registered
 * it, its legal representative, the lender operators of its account and the administrators who registered them.
 */
export async function financingAudience(
  tx: Executor,
  parties: FinancingParties,
  audience: readonly FinancingAudience[],
): Promise<number[]> {
  const ids = new Set<number>();
  if (audience.includes('dealerOperator')) ids.add(parties.registerBy);
  if (audience.includes('legalRepresentative') && parties.legalId !== null) ids.add(parties.legalId);
  if (audience.includes('lenderOperator') || audience.includes('lenderAdmins')) {
    const operators = await tx
      .select({ userId: accountOperators.userId, registeredBy: users.registerBy })
      .from(accountOperators)
      .innerJoin(users, eq(users.id, accountOperators.userId))
      .where(eq(accountOperators.accountId, parties.accountId));
    if (audience.includes('lenderOperator')) for (const operator of operators) ids.add(operator.userId);
    const registrars = operators.flatMap((operator) => (operator.registeredBy === null ? [] : [operator.registeredBy]));
    if (audience.includes('lenderAdmins') && registrars.length > 0) {
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, registrars), eq(users.type, USER_TYPE.PROVIDER_ADMIN)));
      for (const admin of admins) ids.add(admin.id);
    }
  }
  if (ids.size === 0) return [];
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true), sql`not ${users.isArchived}`));
  return active.map((user) => user.id).sort((a, b) => a - b);
}

/**
 * Tells a move's audience of it (nobody when the move has no notice), in the caller's transaction: every move of a
 * financing operation, creates included, reaches the same people — active and not archived (issue 28). Returns who.
 */
export async function notifyFinancingAudience(
  tx: Executor,
  notifications: NotificationsService,
  parties: FinancingParties,
  notice: { audience: readonly FinancingAudience[]; message: string } | null,
): Promise<number[]> {
  const notified = notice ? await financingAudience(tx, parties, notice.audience) : [];
  if (notice && notified.length > 0) {
    await notifications.notify(tx, notified, NOTIFICATION_TYPE.PROVISION, notice.message);
  }
  return notified;
}

/**
 * What every move of a financing operation writes after its version-checked UPDATE, in the same transaction: the
 * notice to its audience (when the move has one) and the audit row `<area>.<action>` the timeline reads.
 */
export async function recordFinancingMove(
  tx: Executor,
  notifications: NotificationsService,
  move: {
    area: 'provisions' | 'refinancings';
    entity: 'provision' | 'refinancing';
    action: string;
    actor: StateActor;
    parties: FinancingParties & { id: number; version: number };
    moved: { from: number; to: number; version: number };
    notice: { audience: readonly FinancingAudience[]; message: string } | null;
    comment?: string;
    details?: Record<string, unknown>;
    requestId?: string | null;
  },
): Promise<number[]> {
  const { parties, moved } = move;
  const notified = await notifyFinancingAudience(tx, notifications, parties, move.notice);
  await writeAudit(tx, {
    actor: move.actor.type === SYSTEM_ACTOR_TYPE ? null : move.actor.id,
    action: `${move.area}.${move.action}`,
    entity: move.entity,
    entityId: parties.id,
    before: { status: moved.from, version: parties.version },
    after: {
      status: moved.to,
      version: moved.version,
      notified,
      ...(move.comment !== undefined && { comment: move.comment }),
      ...move.details,
    },
    requestId: move.requestId ?? null,
  });
  return notified;
}
