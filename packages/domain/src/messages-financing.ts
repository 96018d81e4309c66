// The messages of provisions and refinancings about money and credit lines (spec 3 §5, §8): part of the one
// catalogue, in a module of its own so the sign-in page, which loads MESSAGES, does not ship them.

export const FINANCING_MESSAGES = {
  // Spec 3 §5, §8 (verbatim)
  balanceExceeded: 'El monto total supera el saldo restante',
  creditLineZero: 'La línea de crédito no puede tener un monto 0',
  selectCreditLine: 'Seleccione la línea de crédito',
  // Ours: another request holds the line's lock longer than we wait (ARCHITECTURE §6 "No overdraw").
  creditLineBusy: 'La línea de crédito está siendo utilizada por otra operación, intente nuevamente',

  // Provisions, dealer side (spec 3 §5, §8, verbatim — 'Ocurio un error' and 'no es permitido' included)
  requiredFields: 'Verifique los campos obligatorios',
  extensionNotAllowed: 'La extensión del documento no es permitido',
  csvColumnCount: 'La fila no cuenta el número de columnas especificado en el formato CSV',
  csvErrorTitle: 'Ocurio un error',
  // Pre-checks for creating a provision (spec 3 §8; §5 writes the first two with a final period, §8 without:
  // the catalogue's wording is kept).
  eligibilityTitle: 'Resultado de validación',
  userWithoutAccount: 'El usuario no tiene relacionada una cuenta',
  userWithoutCompany: 'El usuario no tiene relacionada una compañía',
  latestExceptionApproved: 'La última excepción está aprobada. Ya puedes disponer',
  latestExceptionNotApproved: 'La última excepción no está aprobada. No puedes disponer',
  cannotProvision: 'No puedes disponer',
  // Ours (decision 056): the latest exception is approved, but before the suspending audit was recorded.
  approvalPredatesAudit: 'La excepción aprobada es anterior a la auditoría; solicita una nueva excepción para disponer',
  canProvision: 'Puedes disponer',

  // Exceptions (spec 3 §2, §4, §8): the list's failure title and the screen's words verbatim; the rest ours.
  exceptionsTitle: 'Solicitudes de excepciones',
  exceptionErrorTitle: '¡Ocurrió un error!',
  exceptionNumber: 'N° de excepción',
  exceptionCustomer: 'Cliente',
  exceptionComment: 'Comentario',
  exceptionDate: 'Fecha',
  exceptionActions: 'Acciones',
  exceptionStatusColumn: 'Estatus',
  exceptionViewResponse: 'Visualizar respuesta',
  exceptionViewRequest: 'Visualizar solicitud',
  exceptionApprovalComment: 'Aprobación de excepción',
  exceptionVistoBueno: 'Visto bueno',
  exceptionResponse: 'Respuesta',
  exceptionSend: 'Enviar',
  exceptionObservations: 'Observaciones',
  exceptionApprove: 'Aprobar',
  exceptionReject: 'Rechazar',
  exceptionEvidence: 'Evidencia',
  exceptionApproved: 'Aprobada',
  exceptionNotApproved: 'No aprobada',
  exceptionDownloadEvidence: 'Descargar evidencia',
  exceptionConfirmSend: '¿Seguro que desea enviar las observaciones?',
  exceptionConfirmApprove: '¿Seguro que desea aprobar la excepción?',
  exceptionConfirmReject: '¿Seguro que desea rechazar la excepción?',
  exceptionConfirmDownload: '¿Desea descargar la evidencia del administrador?',
  exceptionStatusNotAllowed: 'El estatus de la excepción no permite esta acción',
  exceptionCommentRequired: 'El comentario es requerido',
  exceptionVistoBuenoRequired: 'Indique el visto bueno',
  exceptionEmpty: 'No hay solicitudes de excepción',
  exceptionReviewed: 'Las observaciones de la excepción se enviaron correctamente',
  exceptionApprovedMessage: 'La excepción fue aprobada',
  exceptionRejectedMessage: 'La excepción fue rechazada',
  exceptionSelectAccount: 'Cuenta',
  exceptionSelectCustomer: 'Cliente',
  exceptionFrom: 'Desde',
  exceptionTo: 'Hasta',
  yes: 'Si',
  no: 'No',

  // Ours: the unit form's amount and the save contracts (the spec words none of these)
  amountNotNumeric: 'El monto debe ser numérico',
  amountNotPositive: 'El monto debe ser mayor a 0',
  amountPrecision: 'El monto admite como máximo 2 decimales',
  amountTooManyDigits: 'El monto excede el número de dígitos permitidos {10}',
  totalMismatch: 'El total no coincide con la suma de las unidades',
  tooManyUnits: 'La disposición excede el número de unidades permitidas',
  provisionStatusNotAllowed: 'El estatus de la disposición no permite esta acción',
  /** Ours: sendToSign before the signing documents exist (spec 3 §4: send to sign after generating them). */
  signingDocumentsMissing: 'Genere los documentos de firma antes de enviarlos a firmar',

  // Units under review (spec 3 §2, §8; decision 030). The spec's words first, then ours.
  createProvisionDialogTitle: 'Creación de disposición',
  includeSelectedUnits: '¿Desea crear una disposición con las unidades seleccionadas?',
  fileRequired: 'Seleccione un archivo',
  accountAndCompanyRequired: 'Indique la cuenta y la compañía',
  unitEvidenceUndeletable: 'La evidencia de la unidad no se puede eliminar',
  unitNotInReview: 'La unidad no está en revisión',
  unitNotReviewable:
    'Solo las unidades de una disposición rechazada, o las que su confirmación dejó fuera, pueden enviarse a revisión',
  unitReviewNotAllowed: 'No tiene permiso para cambiar la revisión de la unidad',
} as const;

/** 'La fila N:' — the heading of one row's CSV errors (spec 3 §5); N is the row of the user's spreadsheet. */
export const csvRowHeading = (row: number) => `La fila ${row}:`;

// The CSV column messages (spec 3 §5). The spec gives the tail of each ('excede el número de caracteres permitidos
// {n}') after 'La columna X está vacía': every message names its column the same way. The braces are the spec's
// ('{17-23}', '{10}') and stay in the text.
export const csvColumnEmpty = (column: string) => `La columna ${column} está vacía`;
export const csvColumnTooLong = (column: string, max: number) =>
  `La columna ${column} excede el número de caracteres permitidos {${max}}`;
export const csvColumnLengthRange = (column: string, min: number, max: number) =>
  `La columna ${column} no se encuentra en el rango de caracteres permitidos {${min}-${max}}`;
export const csvColumnNotNumeric = (column: string) => `La columna ${column} no es el tipo de dato especificado`;
export const csvColumnNotValue = (column: string) => `La columna ${column} no contiene el valor especifico`;
export const csvColumnTooManyDigits = (column: string, max: number) =>
  `La columna ${column} excede el número de dígitos permitidos {${max}}`;

/** Pre-checks (spec 3 §8, verbatim with the count in place of [n]). */
export const pendingBalances = (count: number) => `Tienes ${count} saldos pendientes`;
export const pendingAudits = (count: number) => `Tienes ${count} pendientes de auditorías`;

/** Spec 3 §8, verbatim with the VIN in place of [vin]. */
export const unitRemoved = (vin: string) => `Unidad con VIN ${vin}: Se removió correctamente`;
/** The removal's confirmation names the VIN (spec 3 §2). */
export const confirmRemoveUnit = (vin: string) => `¿Seguro que desea remover la unidad con VIN ${vin}?`;

/** Ours: a warning, not an error — a 17-character VIN whose ISO 3779 check digit does not match. */
export const vinCheckDigitWarning = (vin: string) => `El VIN ${vin} no tiene un dígito verificador válido`;
/** Ours: a warning — the same VIN twice in one upload. */
export const vinRepeatedWarning = (vin: string, firstRow: number) =>
  `El VIN ${vin} está repetido (aparece también en la fila ${firstRow})`;

// Provisions' server answers (spec 3 §8 for the success texts, verbatim; the refusals are ours).
/** 'Disposición con folio N generada exitosamente.' (spec 3 §8). */
export const provisionCreated = (folio: string) => `Disposición con folio ${folio} generada exitosamente.`;
/** '... actualizada exitosamente.' (spec 3 §8), after an edit. */
export const provisionUpdated = (folio: string) => `Disposición con folio ${folio} actualizada exitosamente.`;
/** Sent to validation: spec 3 §8's 'Disposición actualizada correctamente'. */
export const PROVISION_STATUS_UPDATED = 'Disposición actualizada correctamente';
/** Ours: the lender's operator hears of a provision sent to validation (notification type 1 Disposición). */
export const provisionSentNotice = (folio: string, company: string) =>
  `La disposición ${folio} de ${company} fue enviada a validar`;
/** Ours: no double financing — the VIN is in another open (or financed) provision. */
export const vinAlreadyFinanced = (vin: string, folio: string) =>
  `El VIN ${vin} ya se encuentra en la disposición con folio ${folio}`;
/** Ours: the same VIN twice in one save. */
export const vinRepeatedInProvision = (vin: string) => `El VIN ${vin} está repetido en la disposición`;
export const PROVISION_REFUSALS = {
  legalNotInCompany: 'El representante legal seleccionado no pertenece a la compañía',
  agencyNotAssigned: 'La sucursal seleccionada no está asignada al usuario',
  termNotInLine: 'El plazo seleccionado no pertenece a la línea de crédito',
  reviewUnitGone: 'Alguna de las unidades ya no está en revisión. Actualice la página e intente nuevamente.',
  documentUnavailable: 'El documento no existe o ya fue utilizado',
  documentAttached: 'El documento ya forma parte de un registro y no se puede eliminar',
} as const;

/**
 * Ours: what each move of a provision tells whom (notification type 1 Disposición, issue 17). The spec shows only
 * that notifications and toasts exist (spec 3 §7); the words are ours, one line per move.
 */
export const PROVISION_NOTICE_TEXT = {
  validationComplete: (folio: string, company: string) =>
    `La disposición ${folio} de ${company} terminó su validación y está lista para revisión`,
  reviewUnits: (folio: string, company: string) =>
    `El administrador revisó las unidades de la disposición ${folio} de ${company}`,
  confirm: (folio: string) => `Disposición con folio ${folio}: Confirmada`,
  reject: (folio: string) => `Disposición con folio ${folio}: Rechazada`,
  sendToSign: (folio: string) => `Los documentos de la disposición ${folio} están listos para firmar`,
  redoDocument: (folio: string) => `El documento de la disposición ${folio} se generó nuevamente`,
  signingCompleted: (folio: string) => `Los documentos de la disposición ${folio} fueron firmados`,
  release: (folio: string) => `Disposición con folio ${folio}: Las unidades fueron liberadas sin enviar a CRM`,
  sendToCrm: (folio: string) => `Disposición con folio ${folio}: Las unidades fueron enviadas a CRM`,
  updateFolio: (folio: string) => `La disposición ahora tiene el folio manual ${folio}`,
  expire: (folio: string) => `La disposición ${folio} se canceló por vencimiento`,
} as const;

// Disposition review (spec 3 §2 "Disposition review list/detail", §4 "Unit states", §5 "Disposition review confirm",
// §8; decision 034).
export const PROVISION_REVIEW_MESSAGES = {
  /** Spec 3 §8: after a disposition review update, back on /disposiciones-revision (the same words as a send). */
  updated: PROVISION_STATUS_UPDATED,
  /** Spec 3 §5, the warning's second line (verbatim). */
  continueQuestion: '¿Seguro que deseas continuar con la actualización?',
  /** Ours: a review 'No' (2) or 'Ajuste' (3) without its comment (spec 3 §4: a comment is shown for 2 and 3). */
  commentRequired: 'Ingrese un comentario para las unidades marcadas como No o Ajuste',
  /** Ours: a unit id in the body that is not one of the provision's units. */
  unitNotInProvision: 'Alguna de las unidades no pertenece a la disposición',
  /** Ours: the same unit twice in one body. */
  unitRepeated: 'Una unidad aparece más de una vez en la revisión',
} as const;

/** Spec 3 §5, the warning's first line, verbatim with the count in place of N (the trailing comma is the spec's). */
export const pendingUnitsWarning = (count: number) => `Tienes ${count} unidad(es) pendiente(s) por revisar,`;

/**
 * The lender's actions on a provision (spec 3 §5, §8, verbatim — 'actualizo' and 'debe de ser' included; issue 17,
 * decision 036). The refusals the spec does not word are marked "Ours".
 */
export const PROVISION_LENDER_MESSAGES = {
  manualFolioRequired: 'Ingrese el folio manual',
  updateFolioInvalid: 'El folio es requerido y debe de ser un numero mayor a 0',
  folioUpdated: 'El folio manual se actualizo correctamente',
  sentToCrm: 'Las unidades fueron enviadas a CRM',
  released: 'Las unidades fueron liberadas sin enviar a CRM',
  // Ours: the manual folio is digits only and at most 250 characters (spec 3 §5 "numeric, max length 250").
  manualFolioNotNumeric: 'El folio manual debe ser numérico',
  manualFolioTooLong: 'El folio manual excede el número de caracteres permitidos {250}',
  // Ours: the confirm's unit list must name exactly the provision's units.
  unitsMismatch: 'Las unidades no corresponden a la disposición. Actualice la página e intente nuevamente.',
  // Ours: the start date of the disposition is required when sending to the CRM ('Inicio de la disposición').
  approvedDateRequired: 'Indique el inicio de la disposición',
} as const;

/** Ours: Confirmar with a unit the §4 rule does not let be selected (a failed check without the administrator's Si). */
export const unitNotSelectable = (vin: string) =>
  `La unidad con VIN ${vin} no puede seleccionarse: no aprobó sus validaciones`;

/** 'Disposición con folio [N]: Confirmada' / 'Rechazada' (spec 3 §8, verbatim with the folio). */
export const provisionConfirmed = (folio: string) => `Disposición con folio ${folio}: Confirmada`;
export const provisionRejected = (folio: string) => `Disposición con folio ${folio}: Rechazada`;

/** The changes-found dialog before Confirmar (spec 3 §4). Ours: the spec says it "shows the number of changes". */
export const reviewChangesFound = (count: number) =>
  `Se encontraron ${count} cambio(s) en la revisión de las unidades. ¿Desea actualizar la tabla?`;

/**
 * Ours: why a unit's CFDI invoice (its XML evidence) is not valid (issue 17 "Validation of units", decision 035);
 * the reason the unit's validation history shows next to 'Factura'. The spec has no words for them.
 */
export const INVOICE_REASONS = {
  refused: 'La factura XML contiene declaraciones DOCTYPE o ENTITY y no se procesó',
  unreadable: 'La factura XML no es un CFDI válido',
  vinMissing: (vin: string) => `El VIN ${vin} no aparece en los conceptos de la factura`,
  amountMismatch: (total: string, amount: string) =>
    `El total de la factura (${total}) no coincide con el monto de la unidad (${amount})`,
} as const;

/**
 * Signing documents and e-signature (spec 3 §2 "Signed documents", §4 "Signed document signature status", §8;
 * decision 037). The spec's words where it has them; "Ours:" where it has none.
 */
export const SIGNING_MESSAGES = {
  /** Spec 3 §8. */
  documentRedone: 'El documento se generó nuevamente',
  /** Ours: the dealer generated the signing document (POST /provisions/{id}/documents). */
  documentsGenerated: 'Los documentos de firma se generaron correctamente',
  /** Ours: the documents went to the e-signature provider (POST /provisions/{id}/send-to-sign). */
  sentToSign: 'Los documentos fueron enviados a firma',
  /** Ours: a webhook whose HMAC does not match (401). */
  webhookSignatureInvalid: 'La firma del evento no es válida',
  /** Ours: a correctly signed webhook whose timestamp is older than a few minutes (a replay; 401, decision 062). */
  webhookEventStale: 'El evento de firma electrónica ya no es vigente',
  /** Ours: the body's provisionId is not the path's. */
  provisionMismatch: 'La disposición del cuerpo no coincide con la ruta',
  /** Ours: nobody with an e-mail signs electronically (no legal representative e-mail in the configuration). */
  noElectronicSigners: 'La disposición no tiene firmantes con correo electrónico para la firma electrónica',
  /** Ours: the signed documents page and the sign page. */
  signedDocumentsTitle: 'Documentos firmados',
  signDocumentsTitle: 'Firmar documentos',
  back: 'Regresar',
  view: 'Ver',
  download: 'Descargar',
  sign: 'Firmar',
  noDocuments: 'No hay documentos',
  nothingToSign: 'No tienes documentos pendientes de firma en esta disposición',
  signHint: 'La firma se realiza en la página del proveedor de firma electrónica, en una pestaña nueva.',
  columns: { fileName: 'Nombre', fileSize: 'Tamaño', status: 'Estatus', actions: 'Acciones' },
} as const;

/** Spec 3 §4: the labels of signedStatus 0, 1, 2. */
export const SIGNED_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'No firmado',
  1: 'Enviado a firma',
  2: 'Firmado',
};
export const signedStatusLabel = (status: number): string => SIGNED_STATUS_LABELS[status] ?? '';

/** Ours: the signing document's printed words (the PDF made on the server, decision 037). */
export const SIGNING_DOCUMENT_TEXT = {
  title: 'Solicitud de disposición de línea de crédito',
  folio: (folio: string) => `Disposición N° ${folio}`,
  fileName: (folio: string) => `Disposicion ${folio}.pdf`,
  /** The provider's stamped copy of a document, beside the name of the one sent. */
  signedFileName: (sentName: string) => `${sentName.replace(/\.pdf$/i, '')} (firmado).pdf`,
  company: 'Empresa',
  agency: 'Sucursal',
  legalRepresentative: 'Representante legal',
  creditLine: 'Línea de crédito',
  lineType: 'Tipo de línea',
  term: 'Plazo',
  termMonths: (months: number) => `Plazo - ${months}`,
  total: 'Monto total',
  date: 'Fecha',
  units: 'Unidades incluidas',
  unitColumns: ['#', 'VIN', 'Marca', 'Modelo', 'Descripción', 'Monto'],
  signatures: 'Firmas',
  electronic: 'Firma electrónica',
  custom: 'Firma autógrafa',
  joint: 'Firma mancomunada',
  signatureLine: 'Nombre y firma',
  forParty: (party: string) => `Por: ${party}`,
  legalParty: 'Acreditado',
  guarantorParty: 'Aval',
  declaration: (company: string, total: string) =>
    `${company} solicita la disposición de su línea de crédito por un monto total de ${total} MXN, para el financiamiento de las unidades que se listan a continuación, en los términos del contrato de apertura de crédito vigente.`,
  generatedOn: (date: string) => `Documento generado el ${date}`,
} as const;

/**
 * Ours: a refinancing's signing document (issue 19, decision 047), the provision's layout with the refinancing's
 * own title, folio line, file name and declaration.
 */
export const REFINANCING_DOCUMENT_TEXT = {
  ...SIGNING_DOCUMENT_TEXT,
  title: 'Solicitud de refinanciamiento de unidades',
  folio: (folio: string) => `Refinanciamiento N° ${folio}`,
  fileName: (folio: string) => `Refinanciamiento ${folio}.pdf`,
  units: 'Unidades refinanciadas',
  declaration: (company: string, total: string) =>
    `${company} solicita el refinanciamiento de las unidades que se listan a continuación por un monto total de ${total} MXN, al plazo indicado, en los términos del contrato de apertura de crédito vigente.`,
} as const;

/** Refinancing evidence and signing (issue 19, decision 047). The spec words none of these but 'El documento …'. */
export const REFINANCING_SIGNING_MESSAGES = {
  /** Spec 3 §8. */
  documentRedone: SIGNING_MESSAGES.documentRedone,
  evidenceUploaded: 'La evidencia se cargó correctamente',
  evidenceStatusNotAllowed: 'Solo se pueden cargar evidencias en los estatus Creada o Solicitud Evidencias',
  evidencesNotRequested: 'Este refinanciamiento no solicita evidencias al operador de agencia',
  unitNotFound: 'La unidad no pertenece a este refinanciamiento',
  documentNotFound: 'El documento no pertenece a este refinanciamiento',
  refinancingMismatch: 'El refinanciamiento del cuerpo no coincide con la ruta',
  noSignedDocuments: 'El refinanciamiento aún no tiene documentos firmados',
  sentToSign: SIGNING_MESSAGES.sentToSign,
  noElectronicSigners: 'El refinanciamiento no tiene firmantes con correo electrónico para la firma electrónica',
  signedDocumentsZip: (folio: string) => `Refinanciamiento ${folio} documentos firmados.zip`,
  /** Ours (issue 26): the refinancing's in-app 'Firmar documentos' page. */
  nothingToSign: 'No tienes documentos pendientes de firma en este refinanciamiento',
  heading: (folio: string, company: string) => `Refinanciamiento N° ${folio} · ${company}`,
} as const;

/** Credit inventory (spec 3 "Credit inventory"; docs/decisions/042). The spec words none of these: ours. */
export const INVENTORY_MESSAGES = {
  dateRangeInvalid: 'La fecha final no puede ser anterior a la fecha inicial',
  selectClient: 'Seleccione un cliente para consultar su inventario',
  client: 'Cliente',
} as const;

/** The notices of an exception's steps (ours: spec 3 §3 gives only the notification type, 2 Excepción). */
export const exceptionReviewedNotice = (folio: string, company: string) =>
  `La excepción ${folio} de ${company} tiene observaciones del operador`;
export const exceptionDecidedNotice = (folio: string, approved: boolean) =>
  approved ? `La excepción ${folio} fue aprobada` : `La excepción ${folio} fue rechazada`;

// Audits (spec 3 §2 "Audits", §5 "Audit form", §8; decision 041).
export const AUDIT_MESSAGES = {
  // Spec 3 §8 (verbatim, 'auditoria' without the accent included)
  saved: 'La auditoria se ha guardado',
  updated: 'La información de la auditoria se ha actualizado',
  // Spec 3 §2: the list's line state column
  lineSuspended: 'Desactivado',
  lineActive: 'Activado',
  // Ours: the spec words none of these
  confirmCreate: '¿Desea guardar la auditoría?',
  confirmEdit: '¿Desea guardar los cambios de la auditoría?',
  endBeforeStart: 'La fecha final no puede ser anterior a la fecha inicial',
  companyNotOfAccount: 'La compañía no pertenece a la cuenta seleccionada',
  suspendRequired: 'Indique si se suspende el panel de disposiciones',
} as const;

// Layout generator (spec 3 §2 "Layout generator", §5 "Layout", §8; decision 043).
export const LAYOUT_MESSAGES = {
  // Spec 3 §5, §8 (verbatim, 'descargo' without the accent and 'forma correcta' included)
  monthsRequired: 'Los meses de anticipación son requeridos',
  empty: 'no hay unidades en el layout',
  downloaded: 'El layout se descargo forma correcta',
  // Spec 3 §2: the screen's words
  title: 'Generación de layout',
  monthsSection: 'Calculo de meses',
  monthsField: 'Anticipación',
  // Ours: the spec words none of these
  applied: 'El layout se aplicó correctamente',
  confirmApply: '¿Desea aplicar el layout? Las unidades con plazo quedarán disponibles para refinanciamiento.',
  termOutOfRange: 'El plazo debe ser N/A o un número de 1 a 6',
  unitNotInLayout: 'La unidad no pertenece a las unidades financiadas que usted administra',
  emptySearch: 'No hay unidades por vencer en los meses indicados',
} as const;

// Refinancing (spec 3 §2 "Refinancing", §4 "Refinancing status codes", §5 "Refinancing", §8; decision 044).
export const REFINANCING_MESSAGES = {
  // Spec 3 §8 (verbatim, 'actualizo' without the accent included)
  created: (folio: string) => `Refinanciamiento con folio ${folio} generado exitosamente.`,
  updated: 'Refinanciamiento actualizado correctamente',
  unitsSent: 'Las unidades fueron enviadas',
  unitsUpdated: 'Las unidades fueron actualizadas',
  unitUpdated: (vin: string) => `La unidad con vin:${vin} se actualizo correctamente.`,
  balanceExceeded: 'El monto total supera el saldo restante',
  // Ours: the spec words none of these
  statusNotAllowed: 'El estatus del refinanciamiento no permite esta acción',
  unitInOpenRefinancing: (vin: string) => `La unidad con vin:${vin} ya está en un refinanciamiento abierto`,
  mixedTerms: 'Las unidades seleccionadas deben tener el mismo plazo',
  unitSold: (vin: string) => `La unidad con vin:${vin} está vendida y no puede refinanciarse`,
  unitNotValidated: (vin: string) => `La unidad con vin:${vin} no tiene REPUVE, TransUnion y AX válidos`,
  unitNotAvailable: (vin: string) => `La unidad con vin:${vin} no está disponible para refinanciamiento`,
  termOutOfRange: 'El plazo debe ser un número de 1 a 6',
  creditLineTermNotAllowed: 'La línea de crédito debe tener un plazo de 3 meses o menos',
  totalMismatch: 'El monto total no coincide con la suma de las unidades',
  manualFolioRequired: 'Ingrese el folio manual',
  alreadyValidated: 'Las evidencias de este refinanciamiento ya fueron validadas',
  adminValidationPending: 'El administrador aún no valida las evidencias de este refinanciamiento',
  evidenceIncomplete: 'Cargue la evidencia de todas las unidades antes de enviar a validación',
  unitsNotReviewed: 'Indique si las evidencias de cada unidad son correctas antes de confirmar',
  commentRequired: 'El comentario es requerido',
  reasonRequired: 'Indique el motivo del rechazo',
  unitNotInRefinancing: 'Alguna de las unidades no pertenece al refinanciamiento',
  // Spec 3 §4 dialogs and buttons of the detail
  evidencesQuestion: 'Las evidencias son correctas?',
  uploadEvidenceTitle: 'Cargar Evidencia',
  evidenceTitle: 'Evidencia',
  rejected: (folio: string) => `Refinanciamiento con folio ${folio}: Rechazado`,
  // The dealer's screens (spec 1 §2.10, spec 3 §2 "Refinancing"; decision 048); the dialog's title is the spec's
  createDialogTitle: 'Creación de refinanciamiento',
  includeSelectedUnits: '¿Desea incluir las unidades seleccionadas en un nuevo refinanciamiento?',
  requestEvidences: 'Solicitar evidencias al operador de agencia',
  termDialogTitle: 'Actualizar plazo',
  termRequired: 'Seleccione un plazo',
  confirmSold: (vin: string, isSold: boolean) =>
    `¿Desea marcar la unidad con vin:${vin} como ${isSold ? 'vendida' : 'no vendida'}?`,
  confirmCreateTitle: 'Crear refinanciamiento',
  confirmCreate: '¿Desea generar el refinanciamiento con las unidades seleccionadas?',
  noRefinancingLines: 'La compañía no tiene líneas de crédito con plazo de 3 meses o menos',
  noUnitsCarried: 'No hay unidades seleccionadas. Seleccione las unidades en Unidades para refinanciar.',
  confirmSendToFinbe: (folio: string) => `¿Desea enviar el refinanciamiento con folio ${folio} a FinBe?`,
  confirmSend: (folio: string) => `¿Desea enviar las unidades del refinanciamiento con folio ${folio}?`,
} as const;

/**
 * Ours: what each move of a refinancing tells whom (notification type 1, the financing operations' type: the spec
 * knows only 1 Disposición and 2 Excepción; decision 046). One line per move, on the model of PROVISION_NOTICE_TEXT.
 */
export const REFINANCING_NOTICE_TEXT = {
  sentToValidation: (folio: string, company: string) =>
    `El refinanciamiento ${folio} de ${company} fue enviado a validar`,
  evidenceRequested: (folio: string) => `Refinanciamiento con folio ${folio}: se solicitan nuevas evidencias`,
  adminValidated: (folio: string, company: string) =>
    `Las evidencias del refinanciamiento ${folio} de ${company} fueron validadas y está listo para aceptarse`,
  accept: (folio: string) => `Refinanciamiento con folio ${folio}: Aceptado`,
  reject: (folio: string) => REFINANCING_MESSAGES.rejected(folio),
  sendToSign: (folio: string) => `Los documentos del refinanciamiento ${folio} están listos para firmar`,
  redoDocument: (folio: string) => `El documento del refinanciamiento ${folio} se generó nuevamente`,
  signingCompleted: (folio: string) => `Los documentos del refinanciamiento ${folio} fueron firmados`,
  release: (folio: string) => `Refinanciamiento con folio ${folio}: Las unidades fueron liberadas sin enviar a CRM`,
  sendToCrm: (folio: string) => `Refinanciamiento con folio ${folio}: Las unidades fueron enviadas a CRM`,
  updateFolio: (folio: string) => `El refinanciamiento ahora tiene el folio manual ${folio}`,
} as const;
