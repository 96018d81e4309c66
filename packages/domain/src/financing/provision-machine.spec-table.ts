import { MESSAGES } from '../messages';
import { FINANCING_MESSAGES } from '../messages-financing';

/**
 * The provisions' transitions WRITTEN BY HAND from spec 3 (financing operations) §4 "Transitions" and §6 "Roles and
 * permissions" — not read from provision-machine.ts (issue 28 item 6): provision-machine.test.ts asserts the machine
 * against it pair by pair, both ways (every row here is allowed by the machine, every pair the machine allows is a
 * row here). Statuses are the spec's codes (§4 "Provision status codes"): 1 Creada, 2 Enviada a validar,
 * 3 Validación, 4 Aceptada, 5 Enviada a firmar, 6 Proceso firma, 7 Firmado, 8 Autorizado, 9 Rechazada,
 * 10 Autorizado (LIBERADO), 11 Cancelado. User types (§1): 1 Super usuario, 2 Administrador Finbe, 3 Operador Finbe,
 * 4 Representante Legal, 5 Operador Agencia; 0 is the system (a background job or a webhook, no user).
 *
 * A pair not written here is refused: with 403 when the type takes the action from no status, else 409 (the status).
 * Rows marked `// spec says …; see report` are where the machine goes beyond or against the spec's words: the table
 * keeps the machine's behaviour and the issue 28 report names the difference.
 */
export type HandRow = {
  action: string;
  /** null: the provision does not exist yet (the creates). */
  from: readonly (number | null)[];
  /** 'same': the action keeps the status. */
  to: number | 'same';
  who: readonly number[];
};

export const PROVISION_STATUSES_BY_HAND = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

export const PROVISION_ROWS_BY_HAND: readonly HandRow[] = [
  // §2 "Create provision" (Guardar, save-and-send), §6 type 5 "Creates, edits, sends provisions"; types 1, 2, 3
  // "no create actions". Spec §1 also says type 4 creates; §6 gives it none: the machine follows §6; see report.
  { action: 'create', from: [null], to: 1, who: [5] },
  { action: 'createAndSend', from: [null], to: 2, who: [5] },

  // §4 "Dealer sends a Creada provision to the lender: status 2. Edit and send-to-lender are enabled only at status 1."
  { action: 'edit', from: [1], to: 'same', who: [5] },
  { action: 'send', from: [1], to: 2, who: [5] },

  // spec says nothing of how 2 becomes 3 (§4 names the statuses only); the system's, after the unit checks (issue
  // 17); see report.
  { action: 'validationComplete', from: [2], to: 3, who: [0] },

  // §6 type 2 "Units under review at /disposiciones-revision" (§2 "Disposition review detail", FinBe admin review).
  { action: 'reviewUnits', from: [3], to: 'same', who: [2] },

  // §4 "Confirmar (roles 1 and 3, only status 3) sets status 4. Rechazar sets 9"; "Lender types 1 and 3 at status 3
  // see … Rechazar and Confirmar"; §6 type 3 "Confirmar/Rechazar at status 3".
  { action: 'confirm', from: [3], to: 4, who: [1, 3] },
  { action: 'reject', from: [3], to: 9, who: [1, 3] },

  // §4 "Dealer sends an Aceptada provision to sign after generating documents: status 5. The send action is enabled
  // only at status 4."
  { action: 'generateDocuments', from: [4], to: 'same', who: [5] },
  { action: 'sendToSign', from: [4], to: 5, who: [5] },

  // §4 "Signed document signature status": redo "for types 1, 3"; §6 type 1 "redo at status above 3".
  // spec says "above 3" (4 to 11); the machine redoes only while not signed (4, 5, 6); see report.
  { action: 'redoDocument', from: [4, 5, 6], to: 'same', who: [1, 3] },

  // spec says nothing of the signing moves (§4 names 5, 6, 7 only): the e-signature provider's webhooks; a
  // provision may go from 5 straight to 7 when every signer signs at once; see report.
  { action: 'signingStarted', from: [5], to: 6, who: [0] },
  { action: 'signingCompleted', from: [5, 6], to: 7, who: [0] },

  // §4 "Liberate without CRM sets 10 … At status 6 lender roles can Liberar or send to CRM"; §6 type 3 "release or
  // send to CRM at status 6". spec says at status 6 (and §6 names type 3 only); the machine allows 6 and 7, to
  // types 1 and 3; see report. Send to CRM "returns a new status from the server": 8 Autorizado.
  { action: 'release', from: [6, 7], to: 10, who: [1, 3] },
  { action: 'sendToCrm', from: [6, 7], to: 8, who: [1, 3] },

  // §6 type 3 "update folio". spec says no status and names type 3 only; the machine takes the refinancing's rule
  // (§6 "Types 1 and 3 see Actualizar folio (refinancing status 4 or higher)"), Cancelado (11) excluded; see report.
  { action: 'updateFolio', from: [4, 5, 6, 7, 8, 9, 10], to: 'same', who: [1, 3] },

  // spec says nothing of 11 Cancelado's origin: not completed within the configured validity days, the system
  // cancels it (issue 17), never once signed (7 on); see report.
  { action: 'expire', from: [1, 2, 3, 4, 5, 6], to: 11, who: [0] },
];

/**
 * The guards beyond status and type, by hand: §5 "Seleccione al menos una unidad" (save-and-send, send, Confirmar:
 * at least one (selected) unit) and §4 "after generating documents" (send to sign needs its signing documents).
 * Any other action is allowed with no unit and no document.
 */
export const PROVISION_GUARDS_BY_HAND: readonly {
  action: string;
  when: 'noUnits' | 'noDocuments';
  code: string;
  message: string;
}[] = [
  { action: 'createAndSend', when: 'noUnits', code: 'NO_UNITS', message: MESSAGES.selectAtLeastOneUnit },
  { action: 'send', when: 'noUnits', code: 'NO_UNITS', message: MESSAGES.selectAtLeastOneUnit },
  { action: 'confirm', when: 'noUnits', code: 'NO_UNITS', message: MESSAGES.selectAtLeastOneUnit },
  {
    action: 'sendToSign',
    when: 'noDocuments',
    code: 'NO_SIGNING_DOCUMENTS',
    message: FINANCING_MESSAGES.signingDocumentsMissing,
  },
];
