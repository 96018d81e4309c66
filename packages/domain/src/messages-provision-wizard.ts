// The provision wizard's own texts (/crear-disposicion, /editar-disposicion/{id}; spec 3 §2): confirmations,
// progress and states the spec does not word. The spec's verbatim messages stay in messages-financing.ts.

export const PROVISION_WIZARD_MESSAGES = {
  /** Spec 3 §2: the four steps, in order. */
  stepCompany: 'Empresa',
  stepCsv: 'CSV',
  stepUnits: 'Unidades',
  stepSummary: 'Requisición finalizada',
  editHeading: 'N° de Disposición',

  // Ours
  confirmSaveTitle: 'Guardar disposición',
  confirmSave: '¿Seguro que desea guardar la disposición?',
  confirmSaveAndSendTitle: 'Guardar y enviar a validar',
  confirmSaveAndSend: '¿Seguro que desea guardar la disposición y enviarla a validar?',
  confirmUpdate: '¿Seguro que desea guardar los cambios de la disposición?',
  csvReading: 'Leyendo el archivo…',
  csvChecking: 'Revisando las filas del archivo…',
  csvWarningsTitle: 'Revise estas advertencias (no impiden continuar):',
  csvEmpty: 'El archivo no contiene unidades',
  noCreditLines: 'La empresa no tiene líneas de crédito configuradas',
  noUnits: 'Aún no hay unidades: cargue un CSV o agregue una unidad',
  notEditable: 'La disposición solo puede editarse mientras está en estatus Creada',
  underReview: 'En revisión',
  noLegalRepresentatives: 'La empresa no tiene representantes legales registrados',
  noBranches: 'No tiene sucursales asignadas en esta empresa',
  unitAdded: 'Unidad agregada',
  uploading: 'Subiendo archivo…',
  noEvidences: 'La unidad no tiene evidencias',
} as const;

/** '12 unidades cargadas de inventario.csv'. */
export const csvUnitsLoaded = (count: number, fileName: string) =>
  `${count} ${count === 1 ? 'unidad cargada' : 'unidades cargadas'} de ${fileName}`;

/**
 * The units step's count: '3 de 12 unidades seleccionadas'; the noun agrees with the total it follows ('1 de 1
 * unidad seleccionada', '0 de 1 unidad seleccionada').
 */
export const unitsSelected = (ticked: number, total: number) =>
  `${ticked.toLocaleString('en-US')} de ${total.toLocaleString('en-US')} ${
    total === 1 ? 'unidad seleccionada' : 'unidades seleccionadas'
  }`;

/** 'Fila 1,200 de 5,000' while a long CSV is checked. */
export const csvProgress = (done: number, total: number) =>
  `Fila ${done.toLocaleString('en-US')} de ${total.toLocaleString('en-US')}`;
