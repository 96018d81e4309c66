import { EVIDENCE_TYPE } from '../contracts/files';
import { USER_TYPE, type UserType } from '../user-types';
import { PROVISION_STATUS } from './provision-status';

/**
 * Units under review (spec 3 §2 "Units under review", §3 "Unit under review", §6; decision 030). A unit of a
 * provision the lender rejected (status 9, spec 3 §4 "Rechazar sets 9 and sends all units") waits, in review, for
 * its dealer operator (the provision's registerBy) to draw it again in a new provision or to remove it.
 */

/** The provision statuses whose units the lender may send to review: only a rejected provision's (spec 3 §4). */
export const REVIEWABLE_PROVISION_STATUSES: readonly number[] = [PROVISION_STATUS.REJECTED];

/**
 * The statuses of a provision the lender confirmed (Aceptada and every status after it but Rechazada): from
 * Confirmar on, a unit with `included = false` is one the confirmation left out (before it, every unit is included:
 * the dealer's saves write `included = true`).
 */
export const CONFIRMED_PROVISION_STATUSES: readonly number[] = [
  PROVISION_STATUS.ACCEPTED,
  PROVISION_STATUS.SENT_TO_SIGN,
  PROVISION_STATUS.SIGNING,
  PROVISION_STATUS.SIGNED,
  PROVISION_STATUS.AUTHORIZED,
  PROVISION_STATUS.RELEASED,
  PROVISION_STATUS.CANCELLED,
];

/** A unit as the review rules read it: its provision's status and whether the provision includes it. */
export type UnitInProvision = { provisionStatus: number; included: boolean };

/**
 * A unit that goes back to its dealer operator, under review (issue 26 item 1, decision 054): every unit of a
 * rejected provision (spec 3 §4 "Rechazar … sends all units"), and a unit a confirmation left out — the lender did
 * not finance it, so it is the dealer's again to draw in a new provision or to remove, with the administrator's
 * comment. Such a unit no longer belongs to its provision's money nor holds its VIN (`unitHoldsVin`).
 */
export function unitReturnsToReview(unit: UnitInProvision): boolean {
  if (REVIEWABLE_PROVISION_STATUSES.includes(unit.provisionStatus)) return true;
  return CONFIRMED_PROVISION_STATUSES.includes(unit.provisionStatus) && !unit.included;
}

/**
 * The units a move sends back to review, as `unitReturnsToReview` reads them once the move is written: Rechazar
 * every unit, Confirmar the ones it leaves out.
 */
export function unitsReturningToReview<T extends { included: boolean }>(
  move: 'confirm' | 'reject',
  units: readonly T[],
): T[] {
  const to = move === 'confirm' ? PROVISION_STATUS.ACCEPTED : PROVISION_STATUS.REJECTED;
  return units.filter((unit) => unitReturnsToReview({ provisionStatus: to, included: unit.included }));
}

/** The statuses whose units hold their VINs against another provision (decision 029 "Double financing"): open. */
export const VIN_HOLDING_PROVISION_STATUSES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Whether a unit keeps its VIN from being drawn in another provision (decision 029 "Double financing", decision 054):
 * a unit of an open provision (1–8) or of a released one (10) not sold — unless it returned to review (a rejected
 * provision's, or one a confirmation left out). The SQL twin is provisions/repository.ts `vinsHeldElsewhere`.
 */
export function unitHoldsVin(unit: UnitInProvision & { isSold: boolean }): boolean {
  if (unitReturnsToReview(unit)) return false;
  if (VIN_HOLDING_PROVISION_STATUSES.includes(unit.provisionStatus)) return true;
  return unit.provisionStatus === PROVISION_STATUS.RELEASED && !unit.isSold;
}

/** Who may move a unit in or out of review (decision 030): the lender's reviewers send, the dealer takes out. */
export function mayChangeReview(type: UserType, review: boolean): boolean {
  if (type === USER_TYPE.SUPER_USER || type === USER_TYPE.PROVIDER_OPERATOR) return true;
  return type === USER_TYPE.AGENCY_OPERATOR && !review;
}

/**
 * Spec 3 §3: a unit's evidence of type 7 came with the provision and is undeletable; type 8 was uploaded later
 * (from the units-under-review screen) and may be deleted.
 */
export function unitEvidenceDeletable(type: number): boolean {
  return type === EVIDENCE_TYPE.UNIT_DOCUMENT;
}

/** Spec 3 §9: 'Evidence size displayed in KB, or MB above 1,000,000 bytes' (two decimals, en-US). */
export function evidenceSizeLabel(bytes: number): string {
  const format = (value: number) =>
    value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return bytes > 1_000_000 ? `${format(bytes / 1_000_000)} MB` : `${format(bytes / 1000)} KB`;
}
