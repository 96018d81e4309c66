import { eq, sql } from 'drizzle-orm';
import {
  REFINANCING_MACHINE,
  REFINANCING_STATUS,
  refinancingNotice,
  type RefinancingMachineAction,
  type RefinancingMachineEntity,
  type RefinancingStatus,
  type StateActor,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { evidences } from '../../db/schema/files';
import { companies } from '../../db/schema/organisation';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { recordFinancingMove } from '../financing';
import { applyTransition } from '../../platform/state-transition';
import type { NotificationsService } from '../notifications';

export type RefinancingRow = typeof refinancings.$inferSelect;

export type RefinancingMove = {
  refinancingId: number;
  action: RefinancingMachineAction;
  /** A user, or SYSTEM_ACTOR for the e-signature webhooks. */
  actor: StateActor;
  /** The version the screen showed: a move from a stale screen answers 409. */
  expectedVersion?: number;
  /** What the machine sees, overriding what was read (accept: `unitCount` = the ticked units). */
  entity?: Partial<RefinancingMachineEntity>;
  /** Further columns the same UPDATE writes (reject's comment, the CRM's approved date, the manual folio…). */
  set?: Partial<typeof refinancings.$inferInsert>;
  /** What the user wrote (a rejection), shown on the timeline. */
  comment?: string;
  /** Anything else the timeline shows of this move. */
  details?: Record<string, unknown>;
  requestId?: string | null;
};

export type RefinancingMoved = {
  from: RefinancingStatus;
  to: RefinancingStatus;
  version: number;
  /** The row as locked before the move. */
  row: RefinancingRow;
};

const REFINANCING_TARGET = {
  table: refinancings,
  status: refinancings.status,
  encode: (status: RefinancingStatus) => status,
};

/** The refinancing unit of the outer query holds at least one evidence (written qualified: drizzle leaves a lone
 * table's columns unqualified, which the subquery would read as its own). */
export const unitHasEvidence = sql`exists (select 1 from ${evidences}
  where ${evidences}.${sql.identifier('refinancing_unit_id')} = ${refinancingUnits}.${sql.identifier('id')})`;

/**
 * The refinancing as the machine sees it, locked (FOR UPDATE of its row): its units counted — without any evidence
 * (evidences.refinancing_unit_id), not yet reviewed (status 0), disapproved (status 2). Undefined when it does not
 * exist (the caller checked the scope before).
 */
export async function lockRefinancingForMove(tx: Executor, refinancingId: number) {
  const [row] = await tx.select().from(refinancings).where(eq(refinancings.id, refinancingId)).for('update');
  if (!row) return undefined;
  const [counts] = await tx
    .select({
      units: sql<number>`count(*)::int`,
      withoutEvidence: sql<number>`(count(*) filter (where not ${unitHasEvidence}))::int`,
      unreviewed: sql<number>`(count(*) filter (where ${refinancingUnits.status} = 0))::int`,
      disapproved: sql<number>`(count(*) filter (where ${refinancingUnits.status} = 2))::int`,
    })
    .from(refinancingUnits)
    .where(eq(refinancingUnits.refinancingId, refinancingId));
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId));
  const entity: RefinancingMachineEntity = {
    status: row.status,
    requireEvidences: row.requireEvidences,
    adminValidated: row.adminValidated,
    unitCount: counts?.units ?? 0,
    unitsWithoutEvidence: counts?.withoutEvidence ?? 0,
    unreviewedUnits: counts?.unreviewed ?? 0,
    disapprovedUnits: counts?.disapproved ?? 0,
  };
  return { row, entity, companyName: company?.name ?? '' };
}

/** The folio users quote: the manual one when in use. */
export const shownRefinancingFolio = (row: Pick<RefinancingRow, 'folio' | 'manualFolio' | 'useManualFolio'>) =>
  row.useManualFolio && row.manualFolio ? row.manualFolio : String(row.folio);

/**
 * What a move itself writes besides the status (decision 045): back at 3 from the dealer (Evidencia completa,
 * Enviar) the administrator must validate again; Confirmar with no unit said No marks the evidences validated.
 */
function impliedColumns(action: RefinancingMachineAction, entity: RefinancingMachineEntity) {
  if (action === 'evidenceComplete' || action === 'send') return { adminValidated: false };
  if (action === 'confirm') return { adminValidated: entity.disapprovedUnits === 0 };
  return {};
}

/**
 * The one way a refinancing changes status (issue 19, decision 045): locks it, asks REFINANCING_MACHINE (version
 * checked: 409 stale; 403 who; 409 status; 422 a need), writes the move with one conditional UPDATE, then its
 * notifications (refinancingNotice) and the audit row `refinancings.<action>` — all in the caller's transaction.
 * Call it inside `transaction()`, never around a call to an outside system.
 */
export function createRefinancingMover({
  notifications,
  clock,
}: {
  notifications: NotificationsService;
  clock: Clock;
}) {
  return {
    async move(tx: Executor, move: RefinancingMove): Promise<RefinancingMoved> {
      const locked = await lockRefinancingForMove(tx, move.refinancingId);
      if (!locked) throw notFound();
      const { row, companyName } = locked;
      const entity = { ...locked.entity, ...move.entity, id: row.id, version: row.version };
      const moved = await applyTransition(tx, {
        target: REFINANCING_TARGET,
        machine: REFINANCING_MACHINE,
        action: move.action,
        actor: move.actor,
        entity,
        expectedVersion: move.expectedVersion,
        set: { updatedAt: clock.now(), ...impliedColumns(move.action, entity), ...move.set },
      });
      await recordFinancingMove(tx, notifications, {
        area: 'refinancings',
        entity: 'refinancing',
        action: move.action,
        actor: move.actor,
        parties: row,
        moved,
        notice: refinancingNotice(move.action, {
          folio: shownRefinancingFolio({ ...row, ...move.set }),
          company: companyName,
          to: moved.to,
        }),
        comment: move.comment,
        details: move.details,
        requestId: move.requestId,
      });
      return { ...moved, row };
    },
  };
}

export type RefinancingMover = ReturnType<typeof createRefinancingMover>;

/** Statuses that close a refinancing: its reservation on the line is released (decision 044). */
export const CLOSED_REFINANCING_STATUSES: readonly RefinancingStatus[] = [
  REFINANCING_STATUS.AUTHORIZED,
  REFINANCING_STATUS.REJECTED,
  REFINANCING_STATUS.RELEASED,
];
