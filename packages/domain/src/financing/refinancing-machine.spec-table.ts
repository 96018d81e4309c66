import { MESSAGES } from '../messages';
import { REFINANCING_MESSAGES } from '../messages-financing';

/**
 * The refinancings' transitions WRITTEN BY HAND from spec 3 (financing operations) §4 "Refinancing status codes" and
 * §6 "Roles and permissions" ("Refinancing detail") — not read from refinancing-machine.ts (issue 28 item 6):
 * refinancing-machine.test.ts asserts the machine against it pair by pair, both ways. Statuses (§4): 1 Creada,
 * 2 Solicitud Evidencias, 3 Validación Administrador, 4 Aceptada, 5 Enviada a firmar, 6 Proceso firma, 7 Firmado,
 * 8 Autorizado, 9 Rechazada, 10 Autorizado (LIBERADO). User types (§1) 1–5; 0 is the system (webhooks).
 *
 * A refinancing is read in four contexts: evidences required or not (§2 "/crear-refinanciamiento": "choose whether to
 * request evidences"), and validated by the administrator or not (§4 "Status 3: type 2 validates units … and
 * Confirmar"). `refusedIn` names the contexts where a row's status and type are right but the refinancing is not:
 * refused with 422 and that message. A pair not written here is refused: 403 when the type takes the action from no
 * status, else 409. Rows marked `// spec says …; see report` keep the machine's behaviour where it goes beyond or
 * against the spec's words; the issue 28 report names the difference.
 */
export type RefinancingContext = 'required+pending' | 'required+validated' | 'free+pending' | 'free+validated';
export const REFINANCING_CONTEXTS_BY_HAND: readonly RefinancingContext[] = [
  'required+pending',
  'required+validated',
  'free+pending',
  'free+validated',
];

export type RefinancingHandRow = {
  action: string;
  from: readonly (number | null)[];
  /** 'same': the action keeps the status. */
  to: number | 'same';
  who: readonly number[];
  refusedIn?: Partial<Record<RefinancingContext, string>>;
};

export const REFINANCING_STATUSES_BY_HAND = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

const onlyWhenRequired = {
  'free+pending': REFINANCING_MESSAGES.statusNotAllowed,
  'free+validated': REFINANCING_MESSAGES.statusNotAllowed,
};

export const REFINANCING_ROWS_BY_HAND: readonly RefinancingHandRow[] = [
  // §6 type 5 "refinancings of own company"; §2 "/crear-refinanciamiento … Guardar". Spec §1 also says type 4
  // creates; §6 gives it only "own-company refinancings 5-10" to see: the machine follows §6; see report.
  { action: 'create', from: [null], to: 1, who: [5] },

  // §4 "Status set to 3 (sent to validation): … from 1 by Evidencia completa when evidences are required"; §6 "type 5
  // sees Evidencia completa at status 1 when evidences are required".
  // spec says from 1, by type 5; the machine also from 2 (the dealer answers the administrator's request for
  // evidence) and also by type 3 (§4 "Evidence upload by type 3 (and type 5 when required)"); see report.
  { action: 'evidenceComplete', from: [1, 2], to: 3, who: [3, 5], refusedIn: onlyWhenRequired },

  // §4 "Status 5 (documents generated, sent to signature): Enviar a FinBe, enabled only at status 1 and when not
  // blocked; hidden when evidences are required". The spec names no type: the list's action, the dealer's (type 5).
  {
    action: 'sendToFinbe',
    from: [1],
    to: 5,
    who: [5],
    refusedIn: {
      'required+pending': REFINANCING_MESSAGES.statusNotAllowed,
      'required+validated': REFINANCING_MESSAGES.statusNotAllowed,
    },
  },

  // §4 "Status set to 3 …: from 4 by Enviar"; "Enviar is enabled only at status 4". The spec names no type: type 5.
  { action: 'send', from: [4], to: 3, who: [5] },

  // §4 "Status 3: type 2 validates units (Validar unidades) and Confirmar"; "Evidence review at status 3 by type 2"
  // (§6 type 2 "validates refinancing units at status 3"). Once validated, not again.
  // spec says nothing of where Confirmar leads: the machine keeps 3, or 2 (Solicitud Evidencias) when a unit's
  // evidence was said No (see the guards below); see report.
  {
    action: 'confirmUnits',
    from: [3],
    to: 'same',
    who: [2],
    refusedIn: { ...onlyWhenRequired, 'required+validated': REFINANCING_MESSAGES.alreadyValidated },
  },
  {
    action: 'confirm',
    from: [3],
    to: 'same',
    who: [2],
    refusedIn: { ...onlyWhenRequired, 'required+validated': REFINANCING_MESSAGES.alreadyValidated },
  },

  // §4 "Status 3: … type 3 adds manual folio and Aceptar"; §6 type 3 "refinancing manual folio, Aceptar". Aceptada
  // is 4. The administrator validates first when evidences are required (decision 045).
  {
    action: 'accept',
    from: [3],
    to: 4,
    who: [3],
    refusedIn: { 'required+pending': REFINANCING_MESSAGES.adminValidationPending },
  },
  // spec says nothing of how a refinancing becomes 9 Rechazada (§4 names the status only): type 3 rejects at 3
  // (decision 045); see report.
  { action: 'reject', from: [3], to: 9, who: [3] },

  // spec says 5 comes from 1 by Enviar a FinBe, and 4 leads back to 3 by Enviar; the machine also sends an Aceptada
  // one to sign (4 → 5) by the dealer, as for provisions (decision 045); see report.
  { action: 'sendToSign', from: [4], to: 5, who: [5] },

  // §4 "Signed document signature status": redo "for types 1, 3 (and 4 in refinancing)". The spec gives no status
  // for a refinancing: the machine redoes while it is being signed (5, 6).
  { action: 'redoDocument', from: [5, 6], to: 'same', who: [1, 3, 4] },

  // spec says nothing of the signing moves (§4 names 5, 6, 7 only): the e-signature provider's webhooks; see report.
  { action: 'signingStarted', from: [5], to: 6, who: [0] },
  { action: 'signingCompleted', from: [5, 6], to: 7, who: [0] },

  // §6 "Types 1 and 3 see … at status 6 also Liberar and Enviar a CRM"; §4 "Status 10: units released without CRM.
  // Sending to CRM is a separate call returning a new status" (8 Autorizado).
  // spec says at status 6; the machine allows 6 and 7 (once every signer signed); see report.
  { action: 'release', from: [6, 7], to: 10, who: [1, 3] },
  { action: 'sendToCrm', from: [6, 7], to: 8, who: [1, 3] },

  // §6 "Types 1 and 3 see Actualizar folio (refinancing status 4 or higher)".
  { action: 'updateFolio', from: [4, 5, 6, 7, 8, 9, 10], to: 'same', who: [1, 3] },
];

/**
 * The guards on the units, by hand, for a pair the table allows: at least one (ticked) unit (§5 "Seleccione al menos
 * una unidad"); "evidences must be complete before sending to validation" (§5); every unit's evidence answered Sí or
 * No before Confirmar (§4 "Evidence review at status 3"), and a No sends it back to 2 Solicitud Evidencias. Any other
 * action is allowed whatever its units.
 */
export type UnitsCase = 'noUnits' | 'unitWithoutEvidence' | 'unitNotReviewed' | 'unitSaidNo';
export const REFINANCING_GUARDS_BY_HAND: readonly { action: string; when: UnitsCase; answer: string }[] = [
  { action: 'sendToFinbe', when: 'noUnits', answer: `422 NO_UNITS ${MESSAGES.selectAtLeastOneUnit}` },
  { action: 'accept', when: 'noUnits', answer: `422 NO_UNITS ${MESSAGES.selectAtLeastOneUnit}` },
  {
    action: 'evidenceComplete',
    when: 'unitWithoutEvidence',
    answer: `422 REFINANCING_RULE ${REFINANCING_MESSAGES.evidenceIncomplete}`,
  },
  {
    action: 'confirm',
    when: 'unitNotReviewed',
    answer: `422 REFINANCING_RULE ${REFINANCING_MESSAGES.unitsNotReviewed}`,
  },
  { action: 'confirm', when: 'unitSaidNo', answer: '→ 2' },
];
