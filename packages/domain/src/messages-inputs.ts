// Issue 14 §2 items 8 and 9 (ours: the spec words none of these). Part of the one catalogue.

export const INPUT_MESSAGES = {
  /** A second role of the same name among one registrar's roles (409). */
  roleNameTaken: 'Ya existe un rol con ese nombre',
  /** A second branch of the same name in one company (409). */
  branchNameTaken: 'Ya existe una sucursal con ese nombre en la compañía',
  /** A second custom signer of the same name for one company and credit line (409). */
  signerNameTaken: 'Ya existe un firmante con ese nombre para la compañía y línea de crédito',
} as const;
