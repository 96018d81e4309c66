import {
  Money,
  REFINANCING_STATUSES,
  operationBalances,
  refinancingRemainingShown,
  refinancingActionsFor,
  type RefinancingFollowUpDetail,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import * as creditLinesRepo from '../credit-lines';
import { presentRefinancingDocuments } from '../refinancing-signing';
import { refinancingScopeOf, visibleRefinancingStatuses } from './policy';
import * as repo from './repository';
import { shownRefinancingFolio } from './transitions';
import { unitDescriptionOf } from '../financing';

const iso = (date: Date) => date.toISOString();

/**
 * GET /refinancings/{id} (Seguimiento de refinanciamiento): the refinancing with the caller's actions, whether the
 * administrator validated it, the line's balances (remaining for types 2 and 3 only), each unit's evidence count.
 * `anyStatus`: the answer to an action the caller just took, which may have moved it out of what it lists.
 */
export async function followUpDetail(
  executor: Executor,
  actor: AuthUser,
  id: number,
  anyStatus = false,
): Promise<RefinancingFollowUpDetail> {
  const statuses = anyStatus ? REFINANCING_STATUSES : visibleRefinancingStatuses(actor);
  const found = await repo.findRefinancing(executor, refinancingScopeOf(actor), statuses, id);
  if (!found) throw notFound();
  const r = found.refinancing;
  // One after the other: `executor` may be a transaction's single connection.
  const counts = await repo.evidenceCounts(executor, id);
  const line = await creditLinesRepo.findCreditLine(executor, r.creditLine);
  const reserved = await creditLinesRepo.reservedOnLine(executor, r.creditLine);
  const ownHold = await repo.heldByRefinancing(executor, id);
  const documents = await presentRefinancingDocuments(executor, id, actor.email);
  // Issue 26: the create page's rule (operationBalances) — available = the line's remaining minus every other
  // hold, remaining = available − this refinancing's total — never the CRM's montoRestante as 'Saldo restante'.
  const shown = line
    ? operationBalances(Money.of(line.montoRestante), Money.of(reserved).sub(Money.of(ownHold)), Money.of(r.total))
    : null;
  return {
    id: r.id,
    folio: shownRefinancingFolio(r),
    manualFolio: r.manualFolio,
    useManualFolio: r.useManualFolio,
    total: r.total,
    status: r.status,
    company: {
      id: r.companyId,
      name: found.companyName,
      clientId: found.clientId,
    },
    agency: r.agencyId !== null && found.agencyName !== null ? { id: r.agencyId, name: found.agencyName } : null,
    legalPerson: r.legalId !== null && found.legalName !== null ? { id: r.legalId, name: found.legalName } : null,
    creditLine: r.creditLine,
    deadlines: r.deadlines,
    requireEvidences: r.requireEvidences,
    units: found.units.map((u) => ({
      id: u.id,
      sourceUnitId: u.sourceUnitId,
      ...unitDescriptionOf(u),
      deadlines: u.deadlines,
      validRepuve: u.validRepuve,
      validTransunion: u.validTransunion,
      validAx: u.validAx,
      status: u.status,
      comment: u.comment,
      amount: u.amount,
      isSold: u.isSold,
      createdAt: iso(u.createdAt),
      evidenceCount: counts.get(u.id) ?? 0,
    })),
    createdAt: iso(r.createdAt),
    version: r.version,
    actions: refinancingActionsFor(actor.type, r),
    adminValidated: r.adminValidated,
    balances: shown
      ? {
          remaining: refinancingRemainingShown(actor.type) ? shown.remaining.toDecimalString() : null,
          available: shown.available.toDecimalString(),
          known: true,
        }
      : null,
    documents,
    approvedDate: r.approvedDate,
  };
}
