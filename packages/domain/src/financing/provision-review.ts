import { PROVISION_REVIEW_MESSAGES, pendingUnitsWarning } from '../messages-financing';
import { adminReviewIconShown, type InvoiceIconState } from './provision-follow-up';

/**
 * The lender administrator's review of a provision's units (spec 3 §2 "Disposition review detail", §4 "Unit states",
 * §5 "Disposition review confirm"; decision 034): each unit gets 0 pending, 1 correct (Si), 2 incorrect (No) or
 * 3 adjust (Ajuste); 2 and 3 carry a comment. Pure rules, read by the screen and by the server alike.
 */
export const UNIT_REVIEW_STATUS = { PENDING: 0, CORRECT: 1, INCORRECT: 2, ADJUST: 3 } as const;
export type UnitReviewStatus = (typeof UNIT_REVIEW_STATUS)[keyof typeof UNIT_REVIEW_STATUS];

/** The select's options, in the spec's order (spec 3 §4: 0 pending, 1 Si, 2 No, 3 Ajuste). */
export const UNIT_REVIEW_OPTIONS: readonly { value: UnitReviewStatus; label: string }[] = [
  { value: 0, label: 'Pendiente' },
  { value: 1, label: 'Si' },
  { value: 2, label: 'No' },
  { value: 3, label: 'Ajuste' },
];

export const unitReviewLabel = (status: number): string =>
  UNIT_REVIEW_OPTIONS.find((option) => option.value === status)?.label ?? '-';

/** Spec 3 §4: "a comment is shown for 2 and 3" — and, being shown, it is required (decision 034). */
export const reviewNeedsComment = (status: number): boolean =>
  status === UNIT_REVIEW_STATUS.INCORRECT || status === UNIT_REVIEW_STATUS.ADJUST;

export type UnitReviewEntry = { id: number; status: number; comment: string };

/** The units still pending (status 0): the warning before saving counts them (spec 3 §5). */
export const pendingReviewCount = (units: readonly { status: number }[]): number =>
  units.filter((unit) => unit.status === UNIT_REVIEW_STATUS.PENDING).length;

/**
 * The confirm dialog's text before saving a review (spec 3 §5): with pending units, 'Tienes N unidad(es)
 * pendiente(s) por revisar,' then '¿Seguro que deseas continuar con la actualización?'; with none, only the question.
 */
export function reviewConfirmLines(units: readonly { status: number }[]): string[] {
  const pending = pendingReviewCount(units);
  return pending > 0
    ? [pendingUnitsWarning(pending), PROVISION_REVIEW_MESSAGES.continueQuestion]
    : [PROVISION_REVIEW_MESSAGES.continueQuestion];
}

/** The units whose status needs a comment and has none (blank counts as none): the save is refused while any. */
export const unitsMissingComment = (units: readonly UnitReviewEntry[]): number[] =>
  units.filter((unit) => reviewNeedsComment(unit.status) && unit.comment.trim() === '').map((unit) => unit.id);

/**
 * What the save writes for one unit: the review is "done" (reviewAF) once it is not pending; a comment is kept only
 * where it is shown (2 and 3), so a unit turned back to Si loses the old 'No' reason.
 */
export function reviewedUnit(entry: UnitReviewEntry): { status: number; comment: string; reviewAF: boolean } {
  return {
    status: entry.status,
    comment: reviewNeedsComment(entry.status) ? entry.comment.trim() : '',
    reviewAF: entry.status !== UNIT_REVIEW_STATUS.PENDING,
  };
}

/**
 * Spec 3 §4 "Unit states", the icons of the review's units: the invoice's is the follow-up's rule
 * (`invoiceIconState`), REPUVE, TransUnion and AX read their flag, and the admin's verdict shows only once reviewed
 * (`adminReviewIconShown`). One vocabulary for all: approved, disapproved, or a question mark.
 */
export type CheckIcon = InvoiceIconState;

/** REPUVE, TransUnion, AX: true approved, false disapproved, null (not checked yet) a question mark. */
export const checkIcon = (valid: boolean | null): CheckIcon =>
  valid === true ? 'approved' : valid === false ? 'disapproved' : 'question';

/** The admin's verdict as an icon, only once reviewed (reviewAF) and not pending; null shows nothing. */
export function adminReviewIcon(unit: { reviewAF: boolean; status: number }): CheckIcon | null {
  if (!adminReviewIconShown(unit)) return null;
  return unit.status === UNIT_REVIEW_STATUS.CORRECT ? 'approved' : 'disapproved';
}

/**
 * What the timeline says of a review (issue 17: "comments"): each unit marked No or Ajuste with its VIN and the
 * administrator's comment; empty when every reviewed unit was Si or left pending.
 */
export function reviewTimelineComment(
  reviews: readonly { status: number; comment: string; vinNumber: string }[],
): string {
  return reviews
    .filter((review) => reviewNeedsComment(review.status))
    .map((review) => `${review.vinNumber}: ${unitReviewLabel(review.status)} — ${review.comment}`)
    .join('\n');
}
