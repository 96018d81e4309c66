import { EVIDENCE_TYPE } from '../contracts/files';
import { USER_TYPE, type UserType } from '../user-types';

/**
 * Units under review (spec 3 §2 "Units under review", §3 "Unit under review", §6; decision 030). A unit of a
 * provision the lender rejected (status 9, spec 3 §4 "Rechazar sets 9 and sends all units") waits, in review, for
 * its dealer operator (the provision's registerBy) to draw it again in a new provision or to remove it.
 */

/** The provision statuses whose units the lender may send to review: only a rejected provision's (spec 3 §4). */
export const REVIEWABLE_PROVISION_STATUSES: readonly number[] = [9];

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
