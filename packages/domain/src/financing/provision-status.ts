import { FINANCING_LIFE_STATUS, FINANCING_LIFE_STATUS_NAMES } from './financing-life';

/** Provision status codes (spec 3 §4 "Provision status codes"). */
export const PROVISION_STATUS = {
  CREATED: 1,
  SENT_TO_VALIDATE: 2,
  LENDER_VALIDATION: 3,
  ...FINANCING_LIFE_STATUS,
  CANCELLED: 11,
} as const;

export type ProvisionStatus = (typeof PROVISION_STATUS)[keyof typeof PROVISION_STATUS];

/**
 * The statuses whose whole total is held against the credit line (ARCHITECTURE §6 "No overdraw"): from Creada
 * to Firmado. An authorised (8) or released (10) one holds its units until the CRM counts them (below); a rejected or
 * cancelled provision holds nothing.
 */
export const RESERVING_PROVISION_STATUSES: readonly ProvisionStatus[] = [
  PROVISION_STATUS.CREATED,
  PROVISION_STATUS.SENT_TO_VALIDATE,
  PROVISION_STATUS.LENDER_VALIDATION,
  PROVISION_STATUS.ACCEPTED,
  PROVISION_STATUS.SENT_TO_SIGN,
  PROVISION_STATUS.SIGNING,
  PROVISION_STATUS.SIGNED,
];

export const reservesBalance = (status: number): boolean =>
  (RESERVING_PROVISION_STATUSES as readonly number[]).includes(status);

/**
 * Authorised (8): the units are on their way into the CRM (the crm_insertions outbox, maybe a retry later), and the
 * CRM lowers montoRestante only once each is inserted. Until then each unit still holds its amount, or that money
 * would count nowhere (decision 015's gap, closed by decision 029). A unit stops holding once its insertion is
 * 'inserted' (the CRM counts it) or 'archived' (Remover: it will not be financed).
 */
export const UNITS_RESERVE_UNTIL_INSERTED_STATUS = PROVISION_STATUS.AUTHORIZED;
export const INSERTION_STATUSES_RELEASING_RESERVATION = ['inserted', 'archived'] as const;

/**
 * Released without the CRM (Liberar, 10; decision 055): the lender finances the units outside the insertion cycle,
 * and the CRM lowers montoRestante only once it lists their credits. Until then each included unit keeps holding its
 * amount, or the dealer could draw the same money twice. Liberar writes one insertion row per included unit in the
 * status `INSERTION_STATUS_RELEASED` (the insertion cycle never takes it, the credit failures never show it); the
 * release reconciliation marks it 'inserted' once the CRM lists a credit for the VIN on the line, and it stops
 * holding. A released provision without such rows (released before this rule) holds nothing, as before.
 */
export const UNITS_RESERVE_WHILE_RELEASED_STATUS = PROVISION_STATUS.RELEASED;
export const INSERTION_STATUS_RELEASED = 'released' as const;

/**
 * Whether one unit holds its amount against the credit line (ARCHITECTURE §6 "No overdraw"; decisions 015, 029, 055)
 * — the rule credit-lines/repository.ts `holdings` sums in SQL: an included unit of a provision in 1–7; of an
 * authorised one (8) until its insertion is inserted or archived; of a released one (10) while its insertion row
 * waits for the CRM ('released'). Nothing else holds: rejected, cancelled, or a unit a confirmation left out.
 */
export function unitHoldsBalance(unit: {
  provisionStatus: number;
  included: boolean;
  /** Its crm_insertions row's status, null when it has none. */
  insertionStatus: string | null;
}): boolean {
  if (!unit.included) return false;
  if (reservesBalance(unit.provisionStatus)) return true;
  if (unit.provisionStatus === UNITS_RESERVE_UNTIL_INSERTED_STATUS) {
    return !(INSERTION_STATUSES_RELEASING_RESERVATION as readonly (string | null)[]).includes(unit.insertionStatus);
  }
  if (unit.provisionStatus === UNITS_RESERVE_WHILE_RELEASED_STATUS) {
    return unit.insertionStatus === INSERTION_STATUS_RELEASED;
  }
  return false;
}

/**
 * The statuses whose units the periodic REPUVE, TransUnion and AX validations keep checking: sent to the lender
 * and under its validation (spec 3 §4), the only time the verdicts decide anything.
 */
export const VALIDATED_PROVISION_STATUSES: readonly ProvisionStatus[] = [
  PROVISION_STATUS.SENT_TO_VALIDATE,
  PROVISION_STATUS.LENDER_VALIDATION,
];

export const unitsAwaitValidation = (status: number): boolean =>
  (VALIDATED_PROVISION_STATUSES as readonly number[]).includes(status);

/** The status names users read (spec 3 §4 "Provision status codes"); 4–10 are the shared life's. */
export const PROVISION_STATUS_NAMES: Readonly<Record<ProvisionStatus, string>> = {
  1: 'Creada',
  2: 'Enviada a validar',
  3: 'Validación',
  ...FINANCING_LIFE_STATUS_NAMES,
  11: 'Cancelado',
};

const isProvisionStatus = (status: number): status is ProvisionStatus =>
  Object.prototype.hasOwnProperty.call(PROVISION_STATUS_NAMES, status);

/** A status code's name; '-' for a code outside 1–11 (the spec's mark for an unknown value, spec 1 §1). */
export const provisionStatusName = (status: number): string =>
  isProvisionStatus(status) ? PROVISION_STATUS_NAMES[status] : '-';

/** "The total is shown only when status is 1 or at least 4" (spec 3 §4): not while the lender validates it. */
export const provisionTotalShown = (status: number): boolean => status === PROVISION_STATUS.CREATED || status >= 4;
