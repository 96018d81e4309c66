// The messages of the organisation screens (spec 2: branches, accounts, companies, signer configuration): part of
// the one catalogue, in a module of its own so the sign-in page does not ship them. Spelling is the spec's.

export const ORGANISATION_MESSAGES = {
  // Branches (spec 2 §4, §8; branchCompanyMismatch and branchUserNotAssignable are ours)
  confirmBranchStatus: '¿Seguro que desea cambiar el estatus de la sucursal?',
  branchStatusChanged: 'Se realizó el cambio de estatus de la sucursal',
  branchCompanyMismatch: 'La compañía seleccionada no pertenece a la cuenta',
  confirmCreateBranch: '¿Desea guardar la nueva sucursal?',
  // Ours: the mark of an inactive branch in the list
  branchInactive: 'Inactiva',
  // Account wizard (spec 2 §5, §8; clientTaken and legalEmailTaken are ours)
  wizardInvalid: 'Verifique que la información ingresada sea correcta',
  legalPersonInvalid: 'Verifique la información ingresada',
  confirmCreateAccountTitle: 'Creación de cuenta',
  confirmCreateAccount: '¿Estás seguro de crear esta cuenta?',
  accountSaved: 'La cuenta se guardo correctamente',
  clientTaken: 'El cliente seleccionado ya está registrado en otra cuenta',
  legalEmailTaken: 'El correo del representante legal ya está registrado',
  // Account edit (ours)
  accountUpdated: 'La información de la cuenta se ha actualizado',
  companyInUse:
    'La compañía tiene sucursales, disposiciones, auditorías, firmantes u otra información relacionada y no puede eliminarse',
  companyNotOfAccount: 'La compañía no pertenece a la cuenta',
  // Accounts (spec 2 §4, §8; the archive prompt and operatorInvalid are ours)
  confirmAccountStatus: '¿Seguro que desea cambiar el estatus de la cuenta?',
  accountStatusChanged: 'Se realizó el cambio de estatus de la cuenta',
  confirmArchiveAccount: '¿Seguro que desea archivar la cuenta? Dejará de mostrarse en la lista.',
  accountArchived: 'La cuenta se archivó correctamente',
  accountOperatorChanged: 'Se realizó el cambio del operador asignado a la cuenta',
  confirmAccountOperator: '¿Desea cambiar el operador asignado a la cuenta?',
  operatorInvalid: 'El operador seleccionado no es un Operador Finbe activo',
  // Assigning users (spec 2 §2, §8)
  confirmAssignUserTitle: 'Asignar usuario',
  confirmAssignUser: '¿Seguro que desea asignar este usuario?',
  confirmRemoveUserTitle: 'Remover usuario',
  confirmRemoveUser: '¿Seguro que desea remover este usuario?',
  assignSucceededTitle: 'Acción realizada con éxito',
  userAssigned: 'El usuario se agrego de forma correcta',
  userRemoved: 'El usuario se removió de forma correcta',
  userAlreadyAssigned: 'El usuario ya está asignado',
  userNotAssignable: 'El usuario no puede asignarse a esta sucursal',
  defaultAssignment: 'El usuario es el asignado por omisión de la compañía y no puede removerse',
  companyUserNotAssignable:
    'Solo puede asignar usuarios que usted registró, de tipo Representante Legal u Operador Agencia',
  companyRoleInvalid: 'El rol debe ser de tipo Representante Legal u Operador Agencia',
  // Signer configuration (spec 2 §5, §8; confirmations, signatureConfigSaved and the refusals after it are ours)
  jointSignersMin:
    'Verifique la configuración de firmas mancomunadas, debe tener por lo menos dos elementos seleccionados',
  signersIncomplete: 'La información de los firmantes esta incompleta',
  customSignerSaved: 'La información se guardo correctamente',
  customSignerDeleted: 'El registro se eliminó de forma correcta',
  confirmSignatureConfig: '¿Desea guardar la configuración de firmantes?',
  signatureConfigSaved: 'La configuración de firmantes se guardo correctamente',
  confirmCustomSigner: '¿Desea guardar el firmante?',
  confirmDeleteCustomSigner: '¿Seguro que desea eliminar este firmante?',
  signerUnknown: 'El firmante seleccionado no corresponde a la línea de crédito',
  customSignerNotAllowed: 'Los firmantes personalizados solo aplican cuando la firma no es electrónica',
  customSignerInUse: 'El firmante está en la configuración de firmas guardada; cámbielo antes de eliminarlo',
  creditLineNotOfCompany: 'La línea de crédito no pertenece a la compañía seleccionada',
  signatureVersionInvalid: 'La versión de la configuración de firmas no es válida',
} as const;

/** 'La sucursal {name} se guardo correctamente' (spec 2 §8). */
export const branchSaved = (name: string) => `La sucursal ${name} se guardo correctamente`;
/** 'La información de la sucursal {name} se ha actualizado' (spec 2 §8). */
export const branchUpdated = (name: string) => `La información de la sucursal ${name} se ha actualizado`;
