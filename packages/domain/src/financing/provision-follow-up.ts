import { PROVISION_LENDER_MESSAGES } from '../messages-financing';
import { PROVISION_STATUS, provisionTotalShown } from './provision-status';

/**
 * The follow-up page's rules (spec 3 §4 "Tracker steps", "Unit states", §5 "Provision save and confirm"), shared by
 * the screen (/vizualizar-disposicion/{id}) and the server that checks the same bodies (decision 036).
 */

/** The five steps of the tracker (spec 3 §4), in order. */
export const PROVISION_TRACKER_STEPS = [
  'Creada',
  'Validación FinBe',
  'Aceptada',
  'Enviada a firma',
  'Autorizado',
] as const;

export type TrackerPosition = {
  /** The active step, 0–4. */
  step: number;
  /** The steps' labels, with the relabelled one in its place (Rechazado at 2, Cancelado at 0). */
  labels: string[];
  /** True when the provision ended there without going on (rejected or cancelled). */
  stopped: boolean;
};

/**
 * Spec 3 §4: "2 or below gives step 0; 3 step 1; 4 step 2; 5 to 7 step 3; 9 step 2 relabelled Rechazado; 11 step 0
 * relabelled Cancelado; any other (8, 10 and above) step 4."
 */
export function provisionTrackerPosition(status: number): TrackerPosition {
  const labels: string[] = [...PROVISION_TRACKER_STEPS];
  if (status === PROVISION_STATUS.REJECTED) {
    labels[2] = 'Rechazado';
    return { step: 2, labels, stopped: true };
  }
  if (status === PROVISION_STATUS.CANCELLED) {
    labels[0] = 'Cancelado';
    return { step: 0, labels, stopped: true };
  }
  if (status <= PROVISION_STATUS.SENT_TO_VALIDATE) return { step: 0, labels, stopped: false };
  if (status === PROVISION_STATUS.LENDER_VALIDATION) return { step: 1, labels, stopped: false };
  if (status === PROVISION_STATUS.ACCEPTED) return { step: 2, labels, stopped: false };
  if (status >= PROVISION_STATUS.SENT_TO_SIGN && status <= PROVISION_STATUS.SIGNED)
    return { step: 3, labels, stopped: false };
  return { step: 4, labels, stopped: false };
}

/** "The total is shown only when status is 1 or at least 4" (spec 3 §4): provision-status.ts' rule, by its page's name. */
export const followUpTotalShown = provisionTotalShown;

/** What the rules read of a unit: its validation flags, the admin's review and its invoice date. */
export type FollowUpUnit = {
  id: number;
  /** The lender administrator's review: 0 pending, 1 Si, 2 No, 3 Ajuste (spec 3 §4). */
  status: number;
  reviewAF: boolean;
  invoiceDate: string | null;
  validation: {
    validInvoice: boolean | null;
    validRepuve: boolean | null;
    validTransunion: boolean | null;
    validAx: boolean | null;
  } | null;
};

/** A validation exists when any of its four checks has been run (null = never checked). */
const validationExists = (unit: FollowUpUnit): boolean =>
  unit.validation !== null &&
  [
    unit.validation.validInvoice,
    unit.validation.validRepuve,
    unit.validation.validTransunion,
    unit.validation.validAx,
  ].some((v) => v !== null);

/**
 * "A unit is selectable if validation exists and either (status 1 with reviewAF) or all four checks pass" (spec 3 §4):
 * the administrator's Si overrides a failed check.
 */
export function unitSelectable(unit: FollowUpUnit): boolean {
  if (!validationExists(unit) || !unit.validation) return false;
  if (unit.status === 1 && unit.reviewAF) return true;
  const v = unit.validation;
  return v.validInvoice === true && v.validRepuve === true && v.validTransunion === true && v.validAx === true;
}

export type InvoiceIconState = 'approved' | 'disapproved' | 'question';

/**
 * "Invoice icon: approved if validInvoice is true, disapproved if an invoice date exists without validity, otherwise
 * a question mark" (spec 3 §4).
 */
export function invoiceIconState(unit: Pick<FollowUpUnit, 'invoiceDate' | 'validation'>): InvoiceIconState {
  if (unit.validation?.validInvoice === true) return 'approved';
  if (unit.invoiceDate) return 'disapproved';
  return 'question';
}

/** "The admin column shows an icon only when reviewAF is set and status is not 0" (spec 3 §4). */
export const adminReviewIconShown = (unit: Pick<FollowUpUnit, 'reviewAF' | 'status'>): boolean =>
  unit.reviewAF && unit.status !== 0;

/**
 * The changes-found dialog (spec 3 §4 "Before confirming, refreshed units are compared. If any unit with reviewAF
 * changed status…"): how many units the administrator reviewed differently between the page's read (`before`) and
 * the fresh one (`after`). A unit counts when, in the fresh read, it has reviewAF and its review status (or its
 * reviewAF itself) differs from what the page showed.
 */
export function changedReviewCount(
  before: readonly Pick<FollowUpUnit, 'id' | 'status' | 'reviewAF'>[],
  after: readonly Pick<FollowUpUnit, 'id' | 'status' | 'reviewAF'>[],
): number {
  const shown = new Map(before.map((u) => [u.id, u]));
  return after.filter((fresh) => {
    if (!fresh.reviewAF) return false;
    const old = shown.get(fresh.id);
    return !old || old.status !== fresh.status || old.reviewAF !== fresh.reviewAF;
  }).length;
}

export const MANUAL_FOLIO_MAX = 250;

/**
 * The folio users see and quote (spec 3 §2 "manual folio if used"): the manual folio when the row uses one, else
 * its own folio. For provisions and refinancings alike; the lists compute it in SQL with the same rule.
 */
export const shownFolio = (row: {
  folio: number | string;
  useManualFolio: boolean;
  manualFolio: string | null;
}): string => (row.useManualFolio && row.manualFolio ? row.manualFolio : String(row.folio));

/**
 * Confirmar with "folio manual" (spec 3 §5): 'Ingrese el folio manual' when empty; digits only, at most 250
 * characters. Returns the message to show, or null when the value is fine. Without `useManualFolio` nothing is asked.
 */
export function manualFolioError(useManualFolio: boolean, manualFolio: string | null | undefined): string | null {
  if (!useManualFolio) return null;
  const value = (manualFolio ?? '').trim();
  if (value === '') return PROVISION_LENDER_MESSAGES.manualFolioRequired;
  if (!/^\d+$/.test(value)) return PROVISION_LENDER_MESSAGES.manualFolioNotNumeric;
  if (value.length > MANUAL_FOLIO_MAX) return PROVISION_LENDER_MESSAGES.manualFolioTooLong;
  return null;
}

/**
 * Actualizar folio (spec 3 §5): "required and greater than 0: 'El folio es requerido y debe de ser un numero mayor a
 * 0'". Accepts what the input gives (text or number); a whole number above 0 passes.
 */
export function updateFolioError(manualFolio: string | number | null | undefined): string | null {
  const text = typeof manualFolio === 'number' ? String(manualFolio) : (manualFolio ?? '').trim();
  if (!/^\d+$/.test(text) || /^0+$/.test(text) || text.length > MANUAL_FOLIO_MAX)
    return PROVISION_LENDER_MESSAGES.updateFolioInvalid;
  return null;
}

/** The units-in-review counter at status 3 (spec 3 §4): units the administrator has reviewed. */
export const unitsInReviewCount = (units: readonly Pick<FollowUpUnit, 'reviewAF'>[]): number =>
  units.filter((u) => u.reviewAF).length;
