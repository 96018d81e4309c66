/**
 * Who may have a VIN validated against REPUVE, TransUnion and AX (POST /external/vin-validations; issue 27 item 7,
 * decision 063). A VIN that no unit holds is free: anyone signed in may check it (a dealer about to enter it, the
 * lender looking at a car). A VIN that units hold belongs to their companies: the caller must reach one of them
 * (its credit scope, decision 020); otherwise it is another group's car, and the answer is the one for a foreign
 * row — not found — with no external system asked.
 */
export function mayValidateVin(holders: { inScope: boolean; outsideScope: boolean }): boolean {
  return holders.inScope || !holders.outsideScope;
}
