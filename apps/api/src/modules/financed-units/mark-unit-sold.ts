import { FINANCED_UNIT_MESSAGES as TEXT, formatBusinessDate, noticeUnitSold } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { staleVersion } from '../../platform/state-transition';
import { noticeUnitAudience, type FinancedUnitNoticeDeps, type UnitOwner } from './notices';
import { payoffDueDateOf } from './payoff-due-date';
import { recordEvents } from './register';
import * as repo from './repository';

/** A locked Vigente unit about to be sold: what the move, its history and its notices name. */
export type UnitToSell = UnitOwner & { id: number; vin: string; status: number; version: number };

export type Sale = {
  /** The status the unit's machine answered for 'reportSold' (Vendida). */
  to: number;
  /** The version the caller read: the screen's (409 when the unit moved on since), or the close's own under lock. */
  readVersion: number;
  soldAt: string;
  /** Who saw the sale: the dealer who reports it, or the auditor who checked the unit. */
  reportedBy: number;
  /** Who moved the unit: the dealer, or null (the system, when a lot audit closes). */
  actorId: number | null;
  evidenceFileId: number | null;
  /** What else the history and the audit row keep (the lot audit's id and folio). */
  details?: Record<string, unknown>;
  requestId: string;
  now: Date;
};

/**
 * A unit sold (issue 29 §2; Reportar venta and a closed lot audit's 'Vendida', decision 081), in the caller's
 * transaction once its machine allowed the move: its payoff due when the grace after the sale ends (the grace
 * /configuraciones says now), the row moved at the version read, its 'sold' history and audit rows, and the notices
 * to the dealer and the account's operator. Answers the new version and the payoff's due date.
 */
export async function markUnitSold(
  tx: Executor,
  notices: FinancedUnitNoticeDeps,
  unit: UnitToSell,
  sale: Sale,
): Promise<{ version: number; payoffDueDate: string }> {
  const payoffDueDate = await payoffDueDateOf(tx, sale.soldAt);
  const version = await repo.markSold(
    tx,
    unit.id,
    sale.readVersion,
    {
      soldAt: sale.soldAt,
      reportedBy: sale.reportedBy,
      evidenceFileId: sale.evidenceFileId,
      payoffDueDate,
      status: sale.to,
    },
    sale.now,
  );
  if (version === undefined) throw staleVersion();
  const details = {
    soldAt: sale.soldAt,
    payoffDueDate,
    ...(sale.evidenceFileId !== null && { evidenceFileId: sale.evidenceFileId }),
    ...sale.details,
  };
  await recordEvents(tx, [{ financedUnitId: unit.id, kind: 'sold', actorId: sale.actorId, at: sale.now, details }]);
  await writeAudit(tx, {
    actor: sale.actorId,
    action: 'financed-units.sold',
    entity: 'financed-unit',
    entityId: unit.id,
    before: { status: unit.status, version: unit.version },
    after: { status: sale.to, version, ...details },
    requestId: sale.requestId,
  });
  // The dealer and the account's operator hear of it (in-app now, e-mail queued with the move: decision 080).
  await noticeUnitAudience(tx, notices, unit, {
    title: TEXT.noticeSoldTitle,
    message: noticeUnitSold(unit.vin, formatBusinessDate(payoffDueDate)),
  });
  return { version, payoffDueDate };
}
