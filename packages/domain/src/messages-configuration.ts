// The messages of the lender's configuration and staff tools (spec 2: non-working days, service-desk e-mails,
// provisions configuration, credit failures, provisions statistics): part of the one catalogue, in a module of its
// own so the sign-in page, which loads MESSAGES, does not ship them. Spelling is the spec's, mistakes included.

export const CONFIGURATION_MESSAGES = {
  // Non-working days (spec 2 §2, §5, §8; nonWorkingDayTaken is ours)
  confirmDeleteNonWorkingDay: 'Seguro que desea eliminar este día inhabil?',
  confirmCreateNonWorkingDay: 'Estás seguro de registrar este día inhabil?',
  nonWorkingDayReasonRequired: 'El motivo es obligatorio',
  nonWorkingDayDateRequired: 'La fecha es obligatorio',
  nonWorkingDaySaved: 'El día inhabil se ha guardado',
  nonWorkingDayDeleted: 'El día inhabil se elimino correctamente',
  nonWorkingDayTaken: 'La fecha seleccionada ya está registrada como día inhábil',

  // Service-desk e-mails (spec 2 §2, §5, §8; serviceDeskEmailTaken is ours)
  confirmDeleteServiceDeskEmail: 'Seguro que desea eliminar este correo?',
  confirmCreateServiceDeskEmailTitle: 'Creación de correo',
  confirmCreateServiceDeskEmail: '¿Estás seguro de guardar este email?',
  confirmEditServiceDeskEmailTitle: 'Edición de correo',
  confirmEditServiceDeskEmail: '¿Desea guardar los cambios?',
  serviceDeskEmailInvalid: 'El correo ingresado no tiene el formato correcto',
  serviceDeskEmailDeleted: 'El correo se elimino correctamente',
  serviceDeskEmailTaken: 'El correo ingresado ya está registrado en la mesa de servicio',

  // Provisions configuration (spec 2 §2, §8; the time and days texts are ours)
  confirmSaveConfiguration: 'Desea guardar la configuración actual?',
  configurationSavedTitle: 'Guardado',
  configurationSaved: 'Configuración guardada',
  configurationErrorTitle: 'Error',
  configurationTimeInvalid: 'Formato hora incorrecto (HH:mm)',
  configurationDaysInvalid: 'Los días deben ser un número entero mayor o igual a 0',

  // Provisions statistics (spec 2 §2, §8)
  statisticsChartTitle: 'Gráfica de disposiciones promedio en un lapso de 12 meses',
  statisticsSearchTitle: 'Búsqueda',
  statisticsSearchHint: 'Ingrese información de búsqueda',
  statisticsDownloadTitle: 'Descargar informe',
  statisticsDownloadConfirm: 'Seguro que desea descargar el informe?',
  statisticsDownloadedTitle: 'Descarga completa',
  statisticsDownloaded: 'El informe se descargo correctamente',
  statisticsCustomerPlaceholder: 'Seleccionar una cliente',
  statisticsLinePlaceholder: 'Seleccionar una línea',
  // Ours: the line picker lists the lines the customer's provisions used; say so when there are none.
  statisticsNoLines: 'El cliente no tiene líneas de crédito con disposiciones',
  customerNotFound: 'El cliente no existe o no está asignado a usted',

  // Credit failures (spec 2 §8)
  creditFailureInserted: 'La unidad se inserto en CRM',
  creditFailureQueued: 'La unidad se pondra en la cola de inserción cuando se inicie un nuevo ciclo',
  creditFailureArchived: 'El intento de inserción se removio de la cola de intentos',
  creditFailureRemoveTitle: 'Remover',
  creditFailureRemoveConfirm: '¿Seguro que desea remover el intento de insercion?',
  creditFailureNotFailed: 'El intento de inserción ya no está en la cola de fallos',
} as const;

/** 'El correo [{email}] se ha guardado' (spec 2 §8): the brackets are part of the text. */
export const serviceDeskEmailSaved = (email: string) => `El correo [${email}] se ha guardado`;
