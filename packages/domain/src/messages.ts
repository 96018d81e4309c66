/**
 * The Spanish message catalogue. Texts are the spec's, verbatim (its spelling included); one edit here fixes
 * every screen and every server answer. Texts the spec does not give are marked "ours".
 */
export const MESSAGES = {
  // Generic (spec 1 §5, §2.11)
  required: 'Campo requerido.',
  actionSucceeded: 'Acción realizada exitosamente',
  errorTitle: 'Ocurrió un error',
  selectAtLeastOneUnit: 'Seleccione al menos una unidad',
  // Any other wrong value a check does not word itself (spec 2 §8's wizard text, used for every form: zod-messages.ts)
  checkInput: 'Verifique que la información ingresada sea correcta',

  // Sign-in (spec 1 §4, §8)
  wrongCredentials: 'El correo o la contraseña son incorrectos',
  temporaryPasswordExpired: 'La contraseña temporal ha caducado, contacta a tu administrador',
  newPasswordRequired: 'Es necesario que actualice su contraseña',
  passwordChanged: 'La contraseña se cambio con éxito, inicia sesión',
  newPasswordInvalid: 'La nueva contraseña con cumple con el formato establecido',
  resendPasswordFailed:
    'Ocurrio un error durante el cambio de contraseña tamporal, intentelo mas tarde o contacte a su administrador de AWS',

  // Identity server answers (ours: the hosted pool's texts were not shown)
  tooManyAttempts: 'Demasiados intentos fallidos, inténtelo de nuevo más tarde',
  codeMismatch: 'El código de verificación es incorrecto',
  codeExpired: 'El código de verificación ha caducado, solicite uno nuevo',
  limitExceeded: 'Se alcanzó el límite de intentos, inténtelo más tarde',
  sessionInvalid: 'La sesión no es válida, inicie sesión de nuevo',
  sessionExpired: 'La sesión ha caducado, inicie sesión de nuevo',
  forbidden: 'No tiene permiso para realizar esta acción',
  notFound: 'El recurso solicitado no existe',
  badRequest: 'La información enviada no es válida',
  internalError: 'Ocurrió un error inesperado, inténtelo más tarde',
  userInactive: 'El usuario se encuentra inactivo, contacte a su administrador',
  companyNotAssigned: 'La compañía seleccionada no está asignada al usuario',
  recoveryCodeSent: 'Se envió un código de verificación a su correo',
  recoveryRequestHint: 'Ingresa tu correo y te enviaremos un código de verificación.',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  networkError: 'No fue posible conectar con el servidor, inténtelo más tarde',

  // Idempotency-Key on create requests (ARCHITECTURE §4; ours)
  idempotencyKeyInvalid: 'La clave de idempotencia no es válida',
  idempotencyKeyReused: 'La clave de idempotencia ya se usó con otra solicitud',
  idempotencyInProgress: 'La solicitud anterior con esta clave sigue en proceso, inténtelo en unos segundos',

  // Status changes (ARCHITECTURE §6, docs/decisions/016; ours): someone moved the row first, or it cannot move
  staleVersion: 'Otro usuario modificó este registro. Actualice la página e intente nuevamente.',
  invalidStatus: 'El estatus actual del registro no permite esta acción. Actualice la página e intente nuevamente.',

  // Shell (ours)
  signInTagline: 'Financiamiento de inventario para agencias automotrices',
  signInTaglineDetail: 'Disposiciones, refinanciamientos, excepciones y auditorías en un solo lugar.',
  welcome: 'Bienvenido',
  // The top bar's button that opens the side menu on a small screen
  openMenu: 'Abrir menú',
  underConstruction: 'En construcción',
  underConstructionDetail: 'Esta pantalla estará disponible próximamente.',
  emptyGrid: 'No hay registros para mostrar',
  loadError: 'No se pudo cargar la información',
  retry: 'Reintentar',
  // What a screen reader announces for the UI library's own controls and indicators (the web theme's Spanish
  // defaults, docs/decisions/059): the button that opens a searchable list, and a progress bar without a label
  openList: 'Abrir',
  loading: 'Cargando',

  // File fields (spec 1 §5: the messages exist; their texts are ours)
  fileInvalidType: 'El tipo de archivo no es válido',
  fileTooLarge: 'El archivo excede el tamaño máximo permitido',
  fileTooSmall: 'El archivo es demasiado pequeño',

  // Users and roles (spec 1 §4, §8)
  userStatusChanged: 'Se realizó el cambio de estatus del usuario',
  roleStatusChanged: 'Se realizó el cambio de estatus del rol',
  phoneInvalid: 'El teléfono ingresado no cumple con el formato',
  confirmUserStatus: '¿Seguro que desea cambiar el estatus del usuario?',
  confirmRoleStatus: '¿Seguro que desea cambiar el estatus del rol?',
  confirmResendPassword: '¿Seguro que desea enviar de nuevo la contraseña temporal?',
  confirmCreateUser: 'Creación de usuario: ¿Estás seguro de crear este usuario?',
  confirmEdit: 'Edición: ¿Desea guardar los cambios?',
  confirmCreateRole: 'Creación de rol: ¿Desea guardar el nuevo rol?',

  // Users and roles: server answers the spec does not word (ours)
  emailTaken: 'El correo ingresado ya está registrado',
  ownStatusChange: 'No puede cambiar su propio estatus',
  ownTemporaryPassword: 'No puede reenviar su propia contraseña temporal',
  userNotEditable: 'No tiene permiso para editar este usuario',
  inactiveUserResend: 'El usuario se encuentra inactivo; actívelo antes de reenviar la contraseña temporal',
  roleNotAllowed: 'El rol seleccionado no es válido para este usuario',
  roleInactive: 'El rol seleccionado se encuentra inactivo',
  roleTypeNotAllowed: 'No tiene permiso para crear roles de este tipo',
  roleTypeImmutable: 'El tipo de rol no se puede modificar',
  accountNotAvailable: 'La cuenta seleccionada no existe o no está asignada',
  companyNotInAccount: 'La compañía seleccionada no pertenece a la cuenta',
  // Ours (decision 024): a dealer user belongs to one account; someone who works for two groups has a user in each.
  userAccountFixed: 'El usuario pertenece a otra cuenta; para trabajar en esta cuenta cree un usuario nuevo',
  agencyNotInCompany: 'La sucursal seleccionada no pertenece a la compañía',
  noActiveCompany: 'No tiene una compañía activa asignada',
  sortInvalid: 'Orden no válido',

  // Notifications (ours: spec 1 §2.9 names the actions, not their answers)
  notificationNotFound: 'La notificación no existe',
  notificationDeleted: 'La notificación se eliminó',

  // Issue 3 screens: 'N/A' and 'Seleccione tipo' are the spec's (§2.5, §2.9); the rest are ours
  notApplicable: 'N/A',
  selectNotificationType: 'Seleccione tipo',
  confirmDeleteNotification: '¿Seguro que desea eliminar la notificación?',
  exceptionRequestSent: 'La solicitud de excepción se envió correctamente',

  // Exceptions (spec 3 §8 for the pre-check texts; the rest ours)
  userWithoutAccount: 'El usuario no tiene relacionada una cuenta',
  userWithoutCompany: 'El usuario no tiene relacionada una compañía',
  fileMissingName: 'El archivo no tiene nombre',
  fileLinkInvalid: 'El enlace de descarga no es válido o ha caducado',
  /** Ours: GET /api/metrics without METRICS_TOKEN, or with another (decision 085). */
  metricsTokenInvalid: 'El token de métricas no es válido',

  // API platform and e-mails (ours)
  tooManyRequests: 'Demasiadas solicitudes, inténtelo de nuevo en un momento',
  /** Ours (issue 27 item 4): too many uploads no save has used yet. */
  unclaimedUploadsQuota:
    'Tiene demasiados documentos cargados sin guardar. Guarde el registro o elimine algunos antes de cargar más.',
  // Issue 27 (ours): a unique index or a reference refused a write a check before it let through (a race), and
  // a multipart form that cannot be read
  duplicateRecord: 'Ya existe un registro con esta información',
  recordInUse: 'El registro tiene información relacionada y no puede eliminarse',
  referenceChanged: 'La información relacionada ya no existe. Actualice la página e intente nuevamente.',
  malformedForm: 'El formulario enviado está incompleto o mal formado',
  tooManyFiles: 'El formulario excede el número de archivos permitido',
  // The database is restarting or every connection is busy (issue 27 items 12 and 13): 503, never a 500
  serviceUnavailable: 'El servicio no está disponible en este momento, inténtelo en unos segundos',
  mailTemporaryPasswordSubject: 'PlanPiso: tu contraseña temporal',
  mailResetCodeSubject: 'PlanPiso: código para restablecer tu contraseña',

  // External systems (decision 009). 'Ocurrió un error API externa' is the spec's (spec 2 §8, spec 3 §8); the
  // details that follow the operation in `detail` ('ConfiguracionClientesDispLinea 10001: ...') are ours.
  externalApiError: 'Ocurrió un error API externa',
  externalTimeout: 'el sistema no respondió a tiempo',
  externalUnreachable: 'no fue posible conectar con el sistema',
  externalServerError: 'el sistema respondió con un error',
  externalInvalidAnswer: 'el sistema respondió con información no válida',
  externalCircuitOpen: 'el sistema no está disponible por fallas recientes, inténtelo en unos segundos',
  externalRejected: 'el sistema rechazó la solicitud',
  crmRejected: 'El CRM rechazó la unidad',
  vinNotFound: 'No se encontró información del VIN',
  clientNotFound: 'El cliente no existe o no está a su alcance',
  creditLineNotFound: 'La línea de crédito no existe o no está a su alcance',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * A grid's "1–10 de …" when the total is the server's estimate past COUNT_CAP (issue 15, ours): the count in en-US
 * digits like the amounts, e.g. '1–10 de más de 10,000'.
 */
export const gridRowsOfMoreThan = (from: number, to: number, cap: number) =>
  `${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} de más de ${cap.toLocaleString('en-US')}`;
/** A grid's "1–10 de 42" (ours): the rows shown of the total, in en-US digits like gridRowsOfMoreThan. */
export const gridRowsOf = (from: number, to: number, count: number) =>
  `${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} de ${count.toLocaleString('en-US')}`;
/** A grid pager's buttons, as MUI's Spanish names them ('Ir a la página siguiente'). */
export const pagerButtonLabel = (button: 'first' | 'last' | 'next' | 'previous') =>
  ({
    first: 'Ir a la primera página',
    last: 'Ir a la última página',
    next: 'Ir a la página siguiente',
    previous: 'Ir a la página anterior',
  })[button];
/** 'Mínimo N caracteres' (spec 1 §5). */
export const minChars = (n: number) => `Mínimo ${n} caracteres`;
/** 'Máximo N caracteres' (spec 1 §5). */
export const maxChars = (n: number) => `Máximo ${n} caracteres`;
/** AX answers how many times it knows a VIN; only 1 is valid (spec 3 §5). */
export const axCountInvalid = (count: number) =>
  count === 0 ? 'El VIN no está registrado en AX' : `El VIN está registrado ${count} veces en AX`;
/** The request's success message (ours, in the style of spec 3 §8 'Disposición con folio N generada exitosamente.'). */
export const exceptionRequested = (folio: string) => `Solicitud de excepción con folio ${folio} enviada exitosamente.`;
/** The operator's notification of a new exception request (ours: spec 3 §3 gives only the type, 2 Excepción). */
export const exceptionRequestedNotice = (folio: string, company: string) =>
  `Nueva solicitud de excepción ${folio} de ${company}`;
/** 'Formato {item} incorrecto' (spec 1 §5). */
export const badFormat = (item: string) => `Formato ${item} incorrecto`;
export const additionalEmailsInvalid = (item: string) =>
  `Alguno de los correos adicionales no cumple el formato ${item}`;
export const userUpdated = (name: string) => `La información del usuario ${name} se ha actualizado`;
export const userSaved = (name: string) => `El usuario ${name} se ha guardado`;
export const roleUpdated = (name: string) => `La informacion del rol ${name} se ha actualizado`;
export const roleCreated = (name: string) => `El rol ${name} se creo correctamente`;
/** A credit line's term as the selectors show it: 'Plazo - N' (spec 2 §3, spec 3 §3). */
export const termLabel = (months: number) => `Plazo - ${months}`;
export const temporaryPasswordResent = (name: string) =>
  `Se realizó el reenvio de la contraseña temporal del usuario ${name}`;

// Operating window (spec 3 §8 names the three refusals without wording them: the texts are ours).
export const operatingNonWorkingDay = (reason: string) => `El día de hoy es inhábil: ${reason}`;
export const operatingNotStarted = (start: string, end: string) =>
  `El horario de operación aún no inicia (${start} a ${end} hrs)`;
export const operatingEnded = (start: string, end: string) =>
  `El horario de operación ha finalizado (${start} a ${end} hrs)`;
