/**
 * /refinanciamientos/{id} (spec 3 §2 "Refinancing", §4, §6; docs/decisions/049). Ours: the confirmations the spec
 * names as dialogs without wording them; its own messages (success and refusals) are in REFINANCING_MESSAGES and
 * arrive from the server; the provisions' follow-up confirmations (PROVISION_FOLLOW_UP_MESSAGES) are reused.
 */
export const REFINANCING_DETAIL_MESSAGES = {
  confirmEvidenceComplete:
    '¿Las evidencias de todas las unidades están completas? El refinanciamiento se enviará a validación.',
  confirmSendToFinbe: '¿Seguro que desea enviar el refinanciamiento a FinBe?',
  confirmSend: '¿Seguro que desea enviar las unidades a validación?',
  confirmConfirm: '¿Seguro que desea confirmar la validación de las unidades?',
  confirmAccept: '¿Seguro que desea aceptar el refinanciamiento con las unidades seleccionadas?',
  rejectTitle: 'Rechazar refinanciamiento',
  reasonLabel: 'Comentario',
  evidenceHint: 'png, jpg, jpeg',
  /** The done step, shown beside the table while the administrator validates: how many units were answered. */
  reviewedCount: (reviewed: number, total: number) => `Unidades revisadas: ${reviewed} de ${total}`,
  selectedTotal: 'Total seleccionado',
} as const;
