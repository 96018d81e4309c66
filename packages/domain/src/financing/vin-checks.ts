/** What the vehicle service answers for REPUVE and TransUnion (decision 009). */
export type VinVerdict = { valid: boolean; reason?: string };

/** The three flags of a unit's validation (spec 3 §3 Unit.validation). */
export type VinValidation = { validRepuve: boolean; validTransunion: boolean; validAx: boolean };

/** One check's outcome as Promise.allSettled gives it: an answer, or the failure of the call. */
export type CheckOutcome<T> = PromiseSettledResult<T>;

/** REPUVE or TransUnion: the verdict's valid flag; a failing or unreachable check is false (spec 3 §5). */
export function verdictIsValid(outcome: CheckOutcome<VinVerdict>): boolean {
  return outcome.status === 'fulfilled' && outcome.value.valid === true;
}

/** AX: valid when the VIN is registered exactly once (spec 3 §5 "AX valid when conteo is 1"). */
export function axCountIsValid(outcome: CheckOutcome<number>): boolean {
  return outcome.status === 'fulfilled' && outcome.value === 1;
}

/**
 * The unit's flags from the three checks, each on its own: one system down never spoils the others, and never
 * fails the request (spec 3 §5: "A failing check silently marks the flag false").
 */
export function vinValidation(outcomes: {
  repuve: CheckOutcome<VinVerdict>;
  transUnion: CheckOutcome<VinVerdict>;
  ax: CheckOutcome<number>;
}): VinValidation {
  return {
    validRepuve: verdictIsValid(outcomes.repuve),
    validTransunion: verdictIsValid(outcomes.transUnion),
    validAx: axCountIsValid(outcomes.ax),
  };
}

/** The validation type list (spec 3 §3): 1 REPUVE, 2 TransUnion, 3 AX. */
export const VALIDATION_CHECK = { REPUVE: 1, TRANSUNION: 2, AX: 3 } as const;
export type ValidationCheck = (typeof VALIDATION_CHECK)[keyof typeof VALIDATION_CHECK];

export const VALIDATION_CHECK_LABELS: Record<ValidationCheck, string> = {
  [VALIDATION_CHECK.REPUVE]: 'REPUVE',
  [VALIDATION_CHECK.TRANSUNION]: 'TransUnion',
  [VALIDATION_CHECK.AX]: 'AX',
};

/**
 * The checks a unit's history (unit_validations) records: the three outside systems and, 4, the unit's CFDI invoice
 * read from its XML evidence (issue 17 "Validation of units"; decision 035).
 */
export const UNIT_VALIDATION_CHECK = { ...VALIDATION_CHECK, INVOICE: 4 } as const;
export type UnitValidationCheck = (typeof UNIT_VALIDATION_CHECK)[keyof typeof UNIT_VALIDATION_CHECK];

export const UNIT_VALIDATION_CHECK_LABELS: Record<UnitValidationCheck, string> = {
  ...VALIDATION_CHECK_LABELS,
  [UNIT_VALIDATION_CHECK.INVOICE]: 'Factura',
};

/** The label of a stored check code (a code no longer known reads as its number, never as undefined). */
export const unitValidationCheckLabel = (check: number): string =>
  UNIT_VALIDATION_CHECK_LABELS[check as UnitValidationCheck] ?? String(check);

/** A unit's verdicts as a validation round records them (spec 3 §3): null until that check has answered. */
export type UnitVerdicts = {
  validRepuve: boolean | null;
  validTransunion: boolean | null;
  validAx: boolean | null;
  validInvoice: boolean | null;
};

/** Does the unit still wait for an outside system's verdict (REPUVE, TransUnion or AX unanswered)? */
export const awaitsOutsideVerdict = (unit: Omit<UnitVerdicts, 'validInvoice'>): boolean =>
  unit.validRepuve === null || unit.validTransunion === null || unit.validAx === null;

/**
 * The units a validation run takes, in its order (decision 070): first those still waiting for an outside verdict,
 * each group in the given order, then those missing only their invoice's; a unit with every verdict is left out.
 */
export function validationRunOrder<U extends UnitVerdicts>(units: readonly U[]): U[] {
  return [
    ...units.filter(awaitsOutsideVerdict),
    ...units.filter((unit) => !awaitsOutsideVerdict(unit) && unit.validInvoice === null),
  ];
}
