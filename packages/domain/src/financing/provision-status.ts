/** Provision status codes (spec 3 §4 "Provision status codes"). */
export const PROVISION_STATUS = {
  CREATED: 1,
  SENT_TO_VALIDATE: 2,
  LENDER_VALIDATION: 3,
  ACCEPTED: 4,
  SENT_TO_SIGN: 5,
  SIGNING: 6,
  SIGNED: 7,
  AUTHORIZED: 8,
  REJECTED: 9,
  RELEASED: 10,
  CANCELLED: 11,
} as const;

export type ProvisionStatus = (typeof PROVISION_STATUS)[keyof typeof PROVISION_STATUS];

/**
 * The statuses whose total is still held against the credit line (ARCHITECTURE §6 "No overdraw"): from Creada
 * to Firmado. Once authorised or released the units are in the CRM, whose montoRestante already counts them;
 * a rejected or cancelled provision holds nothing.
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
 * The statuses whose units the periodic REPUVE, TransUnion and AX validations keep checking: sent to the lender
 * and under its validation (spec 3 §4), the only time the verdicts decide anything.
 */
export const VALIDATED_PROVISION_STATUSES: readonly ProvisionStatus[] = [
  PROVISION_STATUS.SENT_TO_VALIDATE,
  PROVISION_STATUS.LENDER_VALIDATION,
];

export const unitsAwaitValidation = (status: number): boolean =>
  (VALIDATED_PROVISION_STATUSES as readonly number[]).includes(status);
