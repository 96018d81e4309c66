import {
  Money,
  availableBalance,
  provisionActionsFor,
  provisionClosed,
  unitsInReviewCount,
  type ProvisionDetailQuery,
  type ProvisionFollowUpDetail,
  type ProvisionFollowUpUnit,
  type ProvisionUnitResponse,
  type ProvisionUnitsPageQuery,
} from '@planpiso/domain';
import type { Db, Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import * as creditLinesRepo from '../credit-lines';
import * as lenderRepo from './lender-repository';
import { provisionScopeOf, type ProvisionScope } from './policy';
import { presentDetail, presentUnits } from './presenter';
import * as repo from './repository';

/** The units as the follow-up lists them: each with its term, its own or else the provision's (`deadlines`). */
function withDeadlines(
  units: ProvisionUnitResponse[],
  rows: repo.UnitRow[],
  provision: repo.ProvisionRow,
): ProvisionFollowUpUnit[] {
  const deadlinesOf = new Map(rows.map((unit) => [unit.id, unit.deadlines ?? provision.deadlines]));
  return units.map((unit) => ({ ...unit, deadlines: deadlinesOf.get(unit.id) ?? null }));
}

/**
 * The follow-up page's detail (spec 3 §2 "Follow-up"): the provision, its units with their deadlines, the actions
 * the caller may take and the balances; every lender move answers with it, read inside its transaction. With
 * `units: 'none'` (issue 31) no unit is read: `units` is empty, `countUnits` and `unitsInReview` are counted.
 */
export async function followUpDetail(
  executor: Executor,
  actor: AuthUser,
  scope: ProvisionScope,
  id: number,
  { units: which }: ProvisionDetailQuery = { units: 'all' },
): Promise<ProvisionFollowUpDetail> {
  const found = await repo.findProvision(executor, scope, id);
  if (!found) throw notFound();
  const { provision } = found;
  const all = which === 'all';
  // One after the other: inside a transaction (a move answers with this detail) they share one client, which runs
  // one query at a time — pg warns of queries queued on a busy client and pg 9 refuses them.
  const units = all ? await repo.unitsOf(executor, id) : [];
  const evidences = all ? await repo.evidencesOf(executor, id) : await lenderRepo.ownEvidencesOf(executor, id);
  const counts = all ? null : await lenderRepo.unitCountsOf(executor, id);
  const signingDocuments = await lenderRepo.countSigningDocuments(executor, id);
  const detail = presentDetail(found, units, evidences);
  // A closed provision shows its balances at Confirmar, never the line's live ones (decision 054).
  let balances: ProvisionFollowUpDetail['balances'] = null;
  if (!provisionClosed(provision.status)) {
    const line = await creditLinesRepo.findCreditLine(executor, provision.creditLine);
    const reserved = await creditLinesRepo.reservedOnLine(executor, provision.creditLine);
    if (line) {
      balances = {
        remaining: Money.of(line.montoRestante).toDecimalString(),
        available: availableBalance(Money.of(line.montoRestante), Money.of(reserved)).toDecimalString(),
        known: true,
      };
    }
  }
  const confirmedBalances =
    provision.confirmedAvailable !== null && provision.confirmedRemaining !== null && provision.confirmedAt
      ? {
          available: Money.of(provision.confirmedAvailable).toDecimalString(),
          remaining: Money.of(provision.confirmedRemaining).toDecimalString(),
          at: provision.confirmedAt.toISOString(),
        }
      : null;
  return {
    ...detail,
    ...(counts && { countUnits: counts.units }),
    units: withDeadlines(detail.units, units, provision),
    actions: provisionActionsFor(actor.type, provision.status),
    unitsInReview: counts ? counts.inReview : unitsInReviewCount(detail.units),
    balances,
    confirmedBalances,
    signingDocuments,
    approvedDate: provision.approvedDate,
  };
}

/**
 * GET /api/provisions/{id}/units/page (issue 31): one page of the detail's units, shaped as the detail shapes them
 * (same order, index, evidences and term), and how many the provision has. Reads that page's units and their
 * evidences only; the scope is the detail's (out of it, or missing → 404).
 */
export async function followUpUnitsPage(
  db: Db,
  actor: AuthUser,
  id: number,
  { page, pageSize }: ProvisionUnitsPageQuery,
): Promise<{ items: ProvisionFollowUpUnit[]; total: number }> {
  const found = await repo.findProvision(db, provisionScopeOf(actor), id);
  if (!found) throw notFound();
  const offset = (page - 1) * pageSize;
  const [total, rows] = await Promise.all([
    repo.countUnitsOf(db, id),
    lenderRepo.unitsPageOf(db, id, pageSize, offset),
  ]);
  const evidences = await lenderRepo.evidencesOfUnits(
    db,
    rows.map((unit) => unit.id),
  );
  return { items: withDeadlines(presentUnits(rows, evidences, offset), rows, found.provision), total };
}
