// The messages of provisions and refinancings about money and credit lines (spec 3 §5, §8): part of the one
// catalogue, in a module of its own so the sign-in page, which loads MESSAGES, does not ship them.

export const FINANCING_MESSAGES = {
  // Spec 3 §5, §8 (verbatim)
  balanceExceeded: 'El monto total supera el saldo restante',
  creditLineZero: 'La línea de crédito no puede tener un monto 0',
  selectCreditLine: 'Seleccione la línea de crédito',
  // Ours: another request holds the line's lock longer than we wait (ARCHITECTURE §6 "No overdraw").
  creditLineBusy: 'La línea de crédito está siendo utilizada por otra operación, intente nuevamente',
} as const;
