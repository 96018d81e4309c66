import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  NOTIFICATION_TYPE,
  PROVISION_MACHINE,
  SYSTEM_ACTOR_TYPE,
  USER_TYPE,
  provisionNotice,
  type ProvisionAudience,
  type ProvisionMachineAction,
  type ProvisionStatus,
  type StateActor,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { accountOperators } from '../../db/schema/assignments';
import { provisions } from '../../db/schema/financing';
import { users } from '../../db/schema/users';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { applyTransition } from '../../platform/state-transition';
import type { NotificationsService } from '../notifications/service';

/** What a move needs to know of the provision, as the caller's transaction read (and locked) it. */
export type ProvisionMoveRow = {
  id: number;
  status: number;
  version: number;
  accountId: number;
  registerBy: number;
  legalId: number | null;
  /** The folio users quote (the manual one when in use). */
  folio: string;
  companyName: string;
};

export type ProvisionMove = {
  action: ProvisionMachineAction;
  /** A user, or SYSTEM_ACTOR for the jobs and webhooks. */
  actor: StateActor;
  row: ProvisionMoveRow;
  /** Units the machine counts: all of them, or for Confirmar the selected ones. */
  unitCount: number;
  signingDocuments?: number;
  /** The version the screen showed: a move from a stale screen answers 409. */
  expectedVersion?: number;
  /** Further columns the same UPDATE writes. */
  set?: Record<string, unknown>;
  /** What the user wrote (a review comment, a rejection), shown on the timeline. */
  comment?: string;
  /** Anything else the timeline shows of this move (validation results, the CRM date, the new folio). */
  details?: Record<string, unknown>;
  requestId?: string | null;
};

const PROVISION_TARGET = { table: provisions, status: provisions.status, encode: (status: ProvisionStatus) => status };

/**
 * The one way a provision changes status (issue 17): the machine allows it (PROVISION_MACHINE, version-checked), and
 * in the caller's transaction the same move writes its notifications (provisionNotice: who hears of it) and its
 * audit row `provisions.<action>` — the timeline reads those rows. Call it inside `transaction()`, never around a
 * call to an outside system.
 */
export function createProvisionMover({ notifications, clock }: { notifications: NotificationsService; clock: Clock }) {
  /** The users behind each audience for this provision: active ones only. */
  async function audienceOf(tx: Executor, row: ProvisionMoveRow, audience: readonly ProvisionAudience[]) {
    const ids = new Set<number>();
    if (audience.includes('dealerOperator')) ids.add(row.registerBy);
    if (audience.includes('legalRepresentative') && row.legalId !== null) ids.add(row.legalId);
    if (audience.includes('lenderOperator') || audience.includes('lenderAdmins')) {
      const operators = await tx
        .select({ userId: accountOperators.userId, registeredBy: users.registerBy })
        .from(accountOperators)
        .innerJoin(users, eq(users.id, accountOperators.userId))
        .where(eq(accountOperators.accountId, row.accountId));
      if (audience.includes('lenderOperator')) for (const operator of operators) ids.add(operator.userId);
      const registrars = operators.flatMap((operator) =>
        operator.registeredBy === null ? [] : [operator.registeredBy],
      );
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

  return {
    async move(
      tx: Executor,
      move: ProvisionMove,
    ): Promise<{ from: ProvisionStatus; to: ProvisionStatus; version: number }> {
      const { action, actor, row } = move;
      const moved = await applyTransition(tx, {
        target: PROVISION_TARGET,
        machine: PROVISION_MACHINE,
        action,
        actor,
        entity: {
          id: row.id,
          status: row.status,
          version: row.version,
          unitCount: move.unitCount,
          signingDocuments: move.signingDocuments,
        },
        expectedVersion: move.expectedVersion,
        set: { updatedAt: clock.now(), ...move.set },
      });
      const notice = provisionNotice(action, { folio: row.folio, company: row.companyName });
      const notified = notice ? await audienceOf(tx, row, notice.audience) : [];
      if (notice && notified.length > 0) {
        await notifications.notify(tx, notified, NOTIFICATION_TYPE.PROVISION, notice.message);
      }
      await writeAudit(tx, {
        actor: actor.type === SYSTEM_ACTOR_TYPE ? null : actor.id,
        action: `provisions.${action}`,
        entity: 'provision',
        entityId: row.id,
        before: { status: moved.from, version: row.version },
        after: {
          status: moved.to,
          version: moved.version,
          notified,
          ...(move.comment !== undefined && { comment: move.comment }),
          ...move.details,
        },
        requestId: move.requestId ?? null,
      });
      return moved;
    },
  };
}

export type ProvisionMover = ReturnType<typeof createProvisionMover>;
