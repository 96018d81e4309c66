import {
  Money,
  availableBalance,
  provisionActionsFor,
  provisionClosed,
  unitsInReviewCount,
  type ProvisionFollowUpDetail,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import * as creditLinesRepo from '../credit-lines';
import * as lenderRepo from './lender-repository';
import type { ProvisionScope } from './policy';
import { presentDetail } from './presenter';
import * as repo from './repository';

/**
 * The follow-up page's detail (spec 3 §2 "Follow-up"): the provision, its units with their deadlines, the actions
 * the caller may take and the balances; every lender move answers with it, read inside its transaction.
 */
export async function followUpDetail(
  executor: Executor,
  actor: AuthUser,
  scope: ProvisionScope,
  id: number,
): Promise<ProvisionFollowUpDetail> {
  const found = await repo.findProvision(executor, scope, id);
  if (!found) throw notFound();
  const { provision } = found;
  // One after the other: inside a transaction (a move answers with this detail) they share one client, which runs
  // one query at a time — pg warns of queries queued on a busy client and pg 9 refuses them.
  const units = await repo.unitsOf(executor, id);
  const evidences = await repo.evidencesOf(executor, id);
  const signingDocuments = await lenderRepo.countSigningDocuments(executor, id);
  const detail = presentDetail(found, units, evidences);
  const deadlinesOf = new Map(units.map((unit) => [unit.id, unit.deadlines ?? provision.deadlines]));
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
    units: detail.units.map((unit) => ({ ...unit, deadlines: deadlinesOf.get(unit.id) ?? null })),
    actions: provisionActionsFor(actor.type, provision.status),
    unitsInReview: unitsInReviewCount(detail.units),
    balances,
    confirmedBalances,
    signingDocuments,
    approvedDate: provision.approvedDate,
  };
}
