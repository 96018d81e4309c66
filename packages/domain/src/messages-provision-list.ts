// The provisions list's own texts (spec 3 §2 "Provisions list"): part of the one catalogue, in a module of its own so
// the parallel provision screens do not edit the same lines.

export const PROVISION_LIST_MESSAGES = {
  // Ours: the success text when the server sends none (spec 3 §8 'Disposición actualizada correctamente').
  sentToValidate: 'Disposición actualizada correctamente',
  // Ours: the credit-line selector.
  allCreditLines: 'Todas las líneas',
  chooseCreditLine: 'Elija una línea para ver su saldo disponible',
  // Ours: the searched pickers (operator, branch).
  noResults: 'Sin resultados',
  typeToSearch: 'Escriba un nombre para buscar',
  searching: 'Buscando…',
  // Ours: the notice above the list when the operating window is closed (the reason is the spec's §8 message).
  createUnavailable: 'Por ahora no es posible crear disposiciones.',
} as const;

/** Ours: the confirmation names the provision ('¿Seguro que desea enviar la disposición 1004 a validar?'). */
export const confirmSendProvision = (folio: string) => `¿Seguro que desea enviar la disposición ${folio} a validar?`;
