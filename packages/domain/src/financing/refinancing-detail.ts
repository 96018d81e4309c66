import { can } from '../authorization/can';
import { REFINANCING_MESSAGES } from '../messages-financing';
import { Money } from '../money';
import { USER_TYPE } from '../user-types';
import { REFINANCING_STATUS } from './refinancing-machine';

/**
 * The refinancing detail's screen rules that are not machine rows (spec 3 §4 "Refinancing status codes", §6
 * "Refinancing detail"; docs/decisions/049): the evidence dialog, who ticks units, who sees the remaining balance,
 * and Aceptar's body. The buttons come from the server's `actions` (refinancingActionsFor), never from here.
 */

/**
 * May this user upload a unit's evidence (decision 045): type 3 at statuses 1 and 2, type 5 too when the refinancing
 * requires evidences — `can`'s refinancing.uploadEvidence, the question the server asks; the screen shows 'Cargar'
 * only then.
 */
export function refinancingEvidenceUploadAllowed(
  userType: number,
  refinancing: { status: number; requireEvidences: boolean },
): boolean {
  const { status, requireEvidences } = refinancing;
  return can({ id: 0, type: userType }, 'refinancing.uploadEvidence', { status, requireEvidences }).allowed;
}

/**
 * The evidence dialog's title (spec 3 §4): 'Cargar Evidencia' for types 3 and 5 while evidence may be uploaded (status
 * 1, and 2 — read with "below status 2" including 2, decision 045), otherwise 'Evidencia'. Type 5 uploads only when the
 * refinancing requires evidences (spec 3 §4 "and type 5 when required"), so a refinancing created with evidences = No
 * never offers it 'Cargar Evidencia' (issue 26): the title is 'Cargar Evidencia' exactly when the upload is allowed.
 */
export function refinancingEvidenceDialogTitle(
  userType: number,
  refinancing: { status: number; requireEvidences: boolean },
): string {
  return refinancingEvidenceUploadAllowed(userType, refinancing)
    ? REFINANCING_MESSAGES.uploadEvidenceTitle
    : REFINANCING_MESSAGES.evidenceTitle;
}

const SIGNING_STATUSES: readonly number[] = [REFINANCING_STATUS.SENT_TO_SIGN, REFINANCING_STATUS.SIGNING];

/**
 * 'Firmar documentos' on a refinancing (issue 26, as canSignProvision): the legal representative (type 4) while the
 * documents are out for signature — 5 (Enviada a firmar) and 6 (Proceso firma). It leads to the in-app signing page.
 */
export const canSignRefinancing = (userType: number, status: number): boolean =>
  userType === USER_TYPE.LEGAL_REPRESENTATIVE && SIGNING_STATUSES.includes(status);

/** The in-app signing page of a refinancing (route /firmar-refinanciamiento/:id). */
export const refinancingSignLink = (id: number): string => `/firmar-refinanciamiento/${id}`;

/** Spec 3 §6: the units' checkboxes appear (outside create mode) for type 3 while the status is below 4. */
export const refinancingSelectionShown = (userType: number, status: number): boolean =>
  userType === USER_TYPE.PROVIDER_OPERATOR && status < REFINANCING_STATUS.ACCEPTED;

/** Spec 3 §6: the remaining balance is shown to types 2 and 3. */
export const refinancingRemainingShown = (userType: number): boolean =>
  userType === USER_TYPE.PROVIDER_ADMIN || userType === USER_TYPE.PROVIDER_OPERATOR;

/**
 * Aceptar's units and total (spec 3 §7 "units [id, comment, status], total"): every unit of the refinancing, status 1
 * when ticked (it stays) and 2 when not (it leaves); the total is the ticked units' sum in exact cents — what the
 * screen shows in place of the refinancing's total, which starts at 0.00 with nothing ticked (spec 3 §4 "total
 * zeroed in that view").
 */
export function refinancingAcceptUnits(
  units: readonly { id: number; amount: string; comment: string }[],
  ticked: ReadonlySet<number>,
): { units: { id: number; comment: string; status: 1 | 2 }[]; total: string } {
  return {
    units: units.map((unit) => ({ id: unit.id, comment: unit.comment, status: ticked.has(unit.id) ? 1 : 2 })),
    total: Money.sum(
      units.filter((unit) => ticked.has(unit.id)).map((unit) => Money.of(unit.amount)),
    ).toDecimalString(),
  };
}

/** A refinancing unit's status (spec 3 §7): 1 approved (Sí, or ticked at Aceptar), 2 not; 0 while not reviewed. */
export const REFINANCING_UNIT_VERDICT = { APPROVED: 1, DISAPPROVED: 2 } as const;

/**
 * The units XLSX's 'Admin. FinBe' cell (spec 3 §2): 'Sí' for a unit the administrator approved, 'No' for one it
 * disapproved, empty while not reviewed.
 */
export const refinancingUnitVerdictCell = (status: number): string =>
  status === REFINANCING_UNIT_VERDICT.APPROVED ? 'Sí' : status === REFINANCING_UNIT_VERDICT.DISAPPROVED ? 'No' : '';
