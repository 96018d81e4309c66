import { EXCEPTION_STATUS } from '../contracts/exceptions';
import { soldOutOfTrustUnits } from '../messages-financed-units';

/**
 * The sold-out-of-trust hold (issue 29 §2): a company with a unit in Vencida sin liquidar may not draw — no new
 * provision, no new refinancing — until the CRM shows the payoff, or an approved exception lifts it "exactly as it
 * does for audits" (decision 056): the latest exception, approved, covers only the units that were already in SOT
 * when it was approved. A unit that falls into SOT after the approval holds the company again.
 *
 * `reason` is the pre-check's line ('Tienes 2 unidades vendidas sin liquidar'), listed whenever there are SOT units,
 * even when an exception lifts the hold (as the pre-check lists pending audits above 'Ya puedes disponer').
 */
export function soldOutOfTrustHold(input: { sotUnits: number; approvedExceptionCoversIt: boolean }): {
  held: boolean;
  reason: string | null;
} {
  if (input.sotUnits <= 0) return { held: false, reason: null };
  return { held: !input.approvedExceptionCoversIt, reason: soldOutOfTrustUnits(input.sotUnits) };
}

/**
 * Does the company's latest exception cover its SOT units? Only when it is approved (status 2) and was approved at
 * or after `heldSince`, the moment the most recent of its current SOT units fell into SOT (the audits' rule reads
 * the audit's recording time the same way). Times as Dates or ISO instants.
 */
export function exceptionCoversSoldOutOfTrust(input: {
  latestExceptionStatus: number | null;
  approvedAt: Date | string | null;
  heldSince: Date | string | null;
}): boolean {
  if (input.latestExceptionStatus !== EXCEPTION_STATUS.APPROVED || input.approvedAt === null) return false;
  if (input.heldSince === null) return true;
  return new Date(input.approvedAt).getTime() >= new Date(input.heldSince).getTime();
}
