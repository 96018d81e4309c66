import {
  PROVISION_MACHINE,
  provisionNotice,
  type ProvisionMachineAction,
  type ProvisionStatus,
  type StateActor,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { provisions } from '../../db/schema/financing';
import type { Clock } from '../../platform/clock';
import { recordFinancingMove } from '../financing';
import { applyTransition } from '../../platform/state-transition';
import type { NotificationsService } from '../notifications';

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

/** The move's row: the provision's own columns and the names its notices and timeline show. */
export const provisionMoveRow = (
  row: Omit<ProvisionMoveRow, 'folio' | 'companyName'>,
  names: Pick<ProvisionMoveRow, 'folio' | 'companyName'>,
): ProvisionMoveRow => ({
  id: row.id,
  status: row.status,
  version: row.version,
  accountId: row.accountId,
  registerBy: row.registerBy,
  legalId: row.legalId,
  folio: names.folio,
  companyName: names.companyName,
});

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
      await recordFinancingMove(tx, notifications, {
        area: 'provisions',
        entity: 'provision',
        action,
        actor,
        parties: row,
        moved,
        notice: provisionNotice(action, { folio: row.folio, company: row.companyName }),
        comment: move.comment,
        details: move.details,
        requestId: move.requestId,
      });
      return moved;
    },
  };
}

export type ProvisionMover = ReturnType<typeof createProvisionMover>;
