// The messages of the lot audits per unit (issue 29 item 3): an audit's snapshot of the company's financed units,
// worked through on a phone — found by VIN, marked, photographed — closed into findings and a PDF report. Part of
// the one catalogue, in a module of its own; the spec's voice ('Acción realizada exitosamente', 'Seguro que desea
// descargar el informe?', 'Descarga completa').

/** dd/MM/yyyy of a YYYY-MM-DD day (spec 1 §9). */
const shownDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export const LOT_AUDIT_MESSAGES = {
  // The four results of a checked unit (issue 29 §3), by LOT_AUDIT_RESULT code; a unit not checked yet.
  resultFound: 'Encontrada',
  resultSold: 'Vendida',
  resultNotLocated: 'No localizada',
  resultInTransit: 'En tránsito',
  resultPending: 'Sin revisar',

  // The audit's own statuses (ours).
  statusOpen: 'En curso',
  statusClosed: 'Cerrada',

  // The findings: what a closed audit leaves to be resolved, each with a deadline.
  findingNotLocated: 'Unidad no localizada',
  findingSoldUnpaid: 'Unidad vendida sin liquidar',

  // Progress, 'n de m'.
  progress: (checked: number, total: number) => `${checked} de ${total}`,
  progressLabel: 'Unidades revisadas',

  // The VIN search.
  vinLabel: 'VIN',
  vinRequired: 'Escribe o escanea el VIN de la unidad',
  vinCheckDigit: (vin: string) =>
    `El VIN ${vin} no es válido: el dígito verificador (posición 9) no coincide. Revisa que esté bien escrito`,
  vinNotInAudit: (vin: string) => `La unidad con VIN ${vin} no está en esta auditoría`,
  search: 'Buscar',
  scan: 'Escanear',
  scanTitle: 'Escanear VIN',
  scanHint: 'Apunta la cámara al código de barras del VIN',
  scanUnavailable: 'La cámara no está disponible en este dispositivo. Escribe el VIN',
  scanCancel: 'Cancelar',

  // Marking a unit.
  photoLabel: 'Tomar foto',
  photoAttached: 'Foto adjunta',
  photoNotImage: 'La foto debe ser una imagen (PNG o JPG)',
  photoNotYours: 'La foto no fue cargada por tu usuario',
  locationInvalid: 'La ubicación no es válida: latitud entre -90 y 90, longitud entre -180 y 180, ambas o ninguna',
  locationTaken: 'Ubicación registrada',
  locationMissing: 'Sin ubicación',
  unitMarked: (vin: string, result: string) => `Unidad con VIN ${vin}: ${result}`,
  checkedAt: 'Revisada',
  unitsTitle: 'Unidades de la auditoría',
  noUnits: 'La auditoría no tiene unidades financiadas',
  noSelfAudits: 'No hay autoauditorías solicitadas',

  // Who may and when (the machine's refusals).
  auditClosed: 'La auditoría ya está cerrada',
  companyFixedOnceChecked: 'No se puede cambiar la compañía: la auditoría ya tiene unidades revisadas',
  selfAuditNotRequested: 'La auditoría no es una autoauditoría solicitada a tu compañía',
  selfAuditExpired: (deadline: string) => `El plazo de la autoauditoría venció el ${shownDay(deadline)}`,
  pendingUnits: (pending: number) =>
    pending === 1 ? 'Falta 1 unidad por revisar' : `Faltan ${pending} unidades por revisar`,

  // Requesting a self-audit (the lender).
  requestSelfAudit: 'Solicitar autoauditoría',
  requestSelfAuditText: 'La compañía revisará sus unidades desde su teléfono antes del plazo',
  deadlineLabel: 'Plazo',
  deadlineInPast: 'El plazo no puede ser anterior al día de hoy',
  deadlineAfterAudit: 'El plazo no puede ser posterior al fin de la auditoría',
  selfAuditRequested: (folio: string, deadline: string) =>
    `Autoauditoría de la auditoría ${folio} solicitada; plazo ${shownDay(deadline)}`,
  selfAuditNotice: (folio: string, deadline: string) =>
    `Se solicitó la autoauditoría ${folio}: revisa tus unidades antes del ${shownDay(deadline)}`,
  selfAuditUntil: (deadline: string) => `Autoauditoría hasta el ${shownDay(deadline)}`,
  selfAudits: 'Autoauditorías',
  openUnits: 'Revisar unidades',

  // Closing.
  close: 'Cerrar auditoría',
  closeConfirm: 'Seguro que desea cerrar la auditoría? Ya no podrá cambiar los resultados',
  closed: (folio: string, findings: number) =>
    findings === 0
      ? `La auditoría ${folio} se cerró sin hallazgos`
      : findings === 1
        ? `La auditoría ${folio} se cerró con 1 hallazgo`
        : `La auditoría ${folio} se cerró con ${findings} hallazgos`,
  findings: 'Hallazgos',
  findingDeadline: (deadline: string) => `Plazo: ${shownDay(deadline)}`,

  // The report (pdfmake, like the statistics report).
  download: 'Descargar reporte',
  downloadConfirm: 'Seguro que desea descargar el reporte?',
  downloaded: 'El reporte se descargo correctamente',
  downloadedTitle: 'Descarga completa',
  back: 'Regresar',
  reportTitle: (folio: string) => `Reporte de auditoría ${folio}`,
  reportFileName: (folio: string, day: string) => `Auditoría ${folio} (${shownDay(day).replaceAll('/', '-')}).pdf`,
  reportCompany: 'Compañía',
  reportAuditor: 'Auditor',
  reportDays: 'Periodo',
  reportClosedAt: 'Cerrada el',
  reportResult: 'Resultado',
  reportPhoto: 'Foto',
  reportLocation: 'Ubicación',
  reportModel: 'Modelo',
  reportAmount: 'Monto',
  reportCheckedAt: 'Fecha de revisión',
  reportNoPhoto: 'Sin foto',
  reportOpen: 'Auditoría en curso: resultados preliminares',
} as const;
