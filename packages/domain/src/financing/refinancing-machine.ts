import { MESSAGES } from '../messages';
import { REFINANCING_MESSAGES } from '../messages-financing';
import { actionsFor, defineMachine, type ActorType, type Refusal } from '../state-machine';
import { USER_TYPE } from '../user-types';
import {
  FINANCING_LIFE_STATUS,
  FINANCING_LIFE_STATUS_NAMES,
  financingLifeRows,
  fromEach,
  machineTransitions,
  type FinancingRow,
} from './financing-life';

/**
 * Refinancings (spec 3 §3 "Refinancing", §4 "Refinancing status codes", §5 "Refinancing", §6; issue 19;
 * docs/decisions/044): the statuses, the transition table as data (rows `{ action, from, to, who, needs }`, the life
 * after acceptance shared with the provisions' machine through financing-life.ts), who sees which statuses, and the
 * unit tick rules. Pure and browser-safe.
 */
export const REFINANCING_STATUS = {
  CREATED: 1,
  EVIDENCE_REQUESTED: 2,
  ADMIN_VALIDATION: 3,
  ...FINANCING_LIFE_STATUS,
} as const;
export type RefinancingStatus = (typeof REFINANCING_STATUS)[keyof typeof REFINANCING_STATUS];
export const REFINANCING_STATUSES = Object.values(REFINANCING_STATUS) as RefinancingStatus[];

/** Spec 3 §4, verbatim: the name a screen shows and the code (4–10 the shared life's). */
export const REFINANCING_STATUS_NAMES: Readonly<Record<RefinancingStatus, string>> = {
  1: 'Creada',
  2: 'Solicitud Evidencias',
  3: 'Validación Administrador',
  ...FINANCING_LIFE_STATUS_NAMES,
};
export const REFINANCING_STATUS_CODES: Readonly<Record<RefinancingStatus, string>> = {
  1: 'CREADA',
  2: 'ENVIADA_VALIDAR',
  3: 'VALIDACION_FINBE',
  4: 'ACEPTADA',
  5: 'ENVIADA_FIRMA',
  6: 'PROCESO_FIRMA',
  7: 'FIRMADO',
  8: 'AUTORIZADO',
  9: 'RECHAZADO',
  10: 'LIBERADO',
};

/**
 * A refinancing still in progress: its units may enter no other one (decision 044). Authorized (8, sent to the
 * CRM), rejected (9) and released (10) close it.
 */
export const OPEN_REFINANCING_STATUSES: readonly RefinancingStatus[] = [1, 2, 3, 4, 5, 6, 7];

/**
 * A refinancing authorised — sent to the CRM (8) or released without it (10) — has used its units' refinancing: they
 * leave the units available for refinancing (their `can_refinance` cleared) until a new layout, which reads the CRM's
 * credits, makes them refinanceable again (decision 057). A rejected one (9) and the units Aceptar drops give them
 * back at once.
 */
export const REFINANCING_STATUSES_USING_UNITS: readonly RefinancingStatus[] = [8, 10];

/** Does reaching `status` use up the refinancing's units (decision 057)? */
export const refinancingUsesUpUnits = (status: number): boolean =>
  (REFINANCING_STATUSES_USING_UNITS as readonly number[]).includes(status);

export type RefinancingAction =
  | 'create'
  | 'evidenceComplete'
  | 'sendToFinbe'
  | 'send'
  | 'confirmUnits'
  | 'confirm'
  | 'accept'
  | 'reject'
  | 'sendToSign'
  | 'redoDocument'
  | 'signingStarted'
  | 'signingCompleted'
  | 'release'
  | 'sendToCrm'
  | 'updateFolio';

/**
 * A condition on the refinancing beyond its status. The first four are "structural": a screen knows them from the
 * detail and hides the button; the others are checked when clicked (and always by the server).
 */
export type RefinancingNeed =
  | 'evidencesRequired'
  | 'evidencesNotRequired'
  | 'notAdminValidated'
  | 'adminValidatedWhenRequired'
  | 'atLeastOneUnit'
  | 'everyUnitHasEvidence'
  | 'everyUnitReviewed';
const STRUCTURAL_NEEDS: readonly RefinancingNeed[] = [
  'evidencesRequired',
  'evidencesNotRequired',
  'notAdminValidated',
  'adminValidatedWhenRequired',
];

/** `to: 'byReview'`: Confirmar of type 2 — back to 2 (evidences requested) when a unit was disapproved, else stays 3. */
export type RefinancingTransition = FinancingRow<RefinancingAction, RefinancingStatus, RefinancingNeed, 'byReview'>;

const S = REFINANCING_STATUS;
const DEALER = [USER_TYPE.AGENCY_OPERATOR] as const;
/** Evidence is uploaded by type 3 and, when required, type 5 (spec 3 §4); either may declare it complete. */
const EVIDENCE_ACTORS = [USER_TYPE.AGENCY_OPERATOR, USER_TYPE.PROVIDER_OPERATOR] as const;
/** Redo a signing document: types 1, 3 "and 4 in refinancing" (spec 3 §4 "Signed documents status"). */
const REDO_ACTORS = [USER_TYPE.SUPER_USER, USER_TYPE.PROVIDER_OPERATOR, USER_TYPE.LEGAL_REPRESENTATIVE] as const;
const ADMIN = [USER_TYPE.PROVIDER_ADMIN] as const;
const OPERATOR = [USER_TYPE.PROVIDER_OPERATOR] as const;

/** The flow of decision 045 (spec 3 §4 "Refinancing status codes", §6 "Refinancing detail"). */
export const REFINANCING_TRANSITIONS: readonly RefinancingTransition[] = [
  // Guardar on /crear-refinanciamiento (spec 3 §2): the dealer's operator, with at least one ticked unit (§5).
  { action: 'create', from: null, to: S.CREATED, who: DEALER, needs: ['atLeastOneUnit'] },
  // "Status set to 3 ... from 1 by Evidencia completa when evidences are required" (spec 3 §4); "evidences must be
  // complete before sending to validation" (§5). From 2 too: the dealer answers the administrator's request.
  ...fromEach<RefinancingTransition>([S.CREATED, S.EVIDENCE_REQUESTED], {
    action: 'evidenceComplete',
    to: S.ADMIN_VALIDATION,
    who: EVIDENCE_ACTORS,
    needs: ['evidencesRequired', 'everyUnitHasEvidence'],
  }),
  // Enviar a FinBe: documents generated, sent to signature; only at 1, hidden when evidences are required (§4).
  {
    action: 'sendToFinbe',
    from: S.CREATED,
    to: S.SENT_TO_SIGN,
    who: DEALER,
    needs: ['evidencesNotRequired', 'atLeastOneUnit'],
  },
  // Enviar: "enabled only at status 4", back to the administrator's validation (§4).
  { action: 'send', from: S.ACCEPTED, to: S.ADMIN_VALIDATION, who: DEALER, needs: [] },
  // Type 2 validates the units' evidences (PATCH /refinancings/{id}/confirm-units, 'Las evidencias son correctas?'
  // Sí 1 / No 2) and Confirmar: a unit said No sends the refinancing back to the dealer (2 Solicitud Evidencias).
  {
    action: 'confirmUnits',
    from: S.ADMIN_VALIDATION,
    to: 'same',
    who: ADMIN,
    needs: ['evidencesRequired', 'notAdminValidated'],
  },
  {
    action: 'confirm',
    from: S.ADMIN_VALIDATION,
    to: 'byReview',
    who: ADMIN,
    needs: ['evidencesRequired', 'notAdminValidated', 'everyUnitReviewed'],
  },
  // Type 3 adds the manual folio and Aceptar (POST /refinancings/{id}/accept, §4, §7) — once the administrator
  // validated the evidences, when they were required — or rejects it (status 9 has no flow in the spec: ours).
  {
    action: 'accept',
    from: S.ADMIN_VALIDATION,
    to: S.ACCEPTED,
    who: OPERATOR,
    needs: ['adminValidatedWhenRequired', 'atLeastOneUnit'],
  },
  { action: 'reject', from: S.ADMIN_VALIDATION, to: S.REJECTED, who: OPERATOR, needs: [] },
  // From Aceptada on, the life every financing operation shares (financing-life.ts): Enviar a firma once accepted
  // (documents, type 13, generated and sent to the e-signature provider by the dealer, as for provisions at their
  // status 4); a document is redone only once sent, by types 1, 3 and 4; Liberar, Enviar a CRM "at status 6" (§6)
  // and at 7; Actualizar folio at status 4 or higher (§6).
  ...financingLifeRows<RefinancingStatus, RefinancingNeed>(S, {
    sendToSignNeeds: [],
    redoWho: REDO_ACTORS,
    redoWhenAccepted: false,
  }),
];

/**
 * A refinancing as the machine sees it. `unitCount`: its units (for accept: the ticked ones); the other counts are
 * of its units without any evidence, not yet reviewed by the administrator (status 0) and disapproved (status 2).
 */
export type RefinancingMachineEntity = {
  status: number;
  requireEvidences: boolean;
  adminValidated: boolean;
  unitCount: number;
  unitsWithoutEvidence: number;
  unreviewedUnits: number;
  disapprovedUnits: number;
};
export type RefinancingMachineAction = Exclude<RefinancingAction, 'create'>;

const refusal = (message: string): Refusal => ({ code: 'REFINANCING_RULE', message, httpStatus: 422 });
const NEEDS: Record<RefinancingNeed, (entity: RefinancingMachineEntity) => true | Refusal> = {
  evidencesRequired: (entity) => entity.requireEvidences || refusal(REFINANCING_MESSAGES.statusNotAllowed),
  evidencesNotRequired: (entity) => !entity.requireEvidences || refusal(REFINANCING_MESSAGES.statusNotAllowed),
  notAdminValidated: (entity) => !entity.adminValidated || refusal(REFINANCING_MESSAGES.alreadyValidated),
  adminValidatedWhenRequired: (entity) =>
    !entity.requireEvidences || entity.adminValidated || refusal(REFINANCING_MESSAGES.adminValidationPending),
  atLeastOneUnit: (entity) =>
    entity.unitCount > 0 || { code: 'NO_UNITS', message: MESSAGES.selectAtLeastOneUnit, httpStatus: 422 },
  everyUnitHasEvidence: (entity) =>
    entity.unitsWithoutEvidence === 0 || refusal(REFINANCING_MESSAGES.evidenceIncomplete),
  everyUnitReviewed: (entity) => entity.unreviewedUnits === 0 || refusal(REFINANCING_MESSAGES.unitsNotReviewed),
};

const machineRows = (needsOf: (row: Pick<RefinancingTransition, 'needs'>) => readonly RefinancingNeed[]) =>
  machineTransitions<
    RefinancingMachineAction,
    RefinancingStatus,
    RefinancingNeed,
    RefinancingMachineEntity,
    'byReview'
  >(REFINANCING_TRANSITIONS, {
    statusOf: (entity) => entity.status as RefinancingStatus,
    check: NEEDS,
    target: (_byReview, entity) => (entity.disapprovedUnits > 0 ? S.EVIDENCE_REQUESTED : S.ADMIN_VALIDATION),
    needsOf,
  });

export const REFINANCING_MACHINE = defineMachine<RefinancingStatus, RefinancingMachineAction, RefinancingMachineEntity>(
  {
    name: 'refinancing',
    statuses: REFINANCING_STATUSES,
    statusOf: (entity) => entity.status as RefinancingStatus,
    wrongStatus: REFINANCING_MESSAGES.statusNotAllowed,
    transitions: machineRows((row) => row.needs),
  },
);

/** The same rows with only the structural needs: what a screen offers before the click checks the rest. */
const OFFERED_MACHINE = defineMachine<RefinancingStatus, RefinancingMachineAction, RefinancingMachineEntity>({
  ...REFINANCING_MACHINE,
  transitions: machineRows((row) => row.needs.filter((n) => STRUCTURAL_NEEDS.includes(n))),
});

/** What a screen knows of a refinancing to decide its buttons. */
export type RefinancingOfferContext = { status: number; requireEvidences: boolean; adminValidated: boolean };

/**
 * The actions a user type is offered on a refinancing (the buttons of the detail and the list, spec 3 §6), in the
 * table's order; the webhooks' actions are never offered. The click may still be refused (missing evidence…).
 */
export function refinancingActionsFor(userType: number, context: RefinancingOfferContext): RefinancingMachineAction[] {
  const entity: RefinancingMachineEntity = {
    ...context,
    unitCount: 1,
    unitsWithoutEvidence: 0,
    unreviewedUnits: 0,
    disapprovedUnits: 0,
  };
  return actionsFor(OFFERED_MACHINE, { id: 0, type: userType as ActorType }, entity);
}

const range = (from: number, to: number): RefinancingStatus[] =>
  REFINANCING_STATUSES.filter((status) => status >= from && status <= to);

/**
 * Which refinancings a user type sees (spec 3 §4 "Visibility"): type 2 sees 3 to 10; type 3 sees 1 to 10; type 5
 * its own company's 1 to 10; type 4 its own company's 5 to 10. Type 1 is not named for refinancings: it sees what
 * it sees of provisions, 3 to 10 (decision 044). `ownCompany`: the list is narrowed to the user's company.
 */
export function refinancingVisibility(userType: number): { statuses: RefinancingStatus[]; ownCompany: boolean } {
  switch (userType) {
    case USER_TYPE.PROVIDER_OPERATOR:
      return { statuses: range(1, 10), ownCompany: false };
    case USER_TYPE.AGENCY_OPERATOR:
      return { statuses: range(1, 10), ownCompany: true };
    case USER_TYPE.LEGAL_REPRESENTATIVE:
      return { statuses: range(5, 10), ownCompany: true };
    case USER_TYPE.PROVIDER_ADMIN:
    case USER_TYPE.SUPER_USER:
      return { statuses: range(3, 10), ownCompany: false };
    default:
      return { statuses: [], ownCompany: true };
  }
}

/** Terms on refinancing units: 1 to 6 months (spec 3 §5, §9). */
export const REFINANCING_TERM_MIN = 1;
export const REFINANCING_TERM_MAX = 6;
/** Credit line terms offered on create: those ≤ 3 (spec 3 §5, §9). */
export const REFINANCING_CREATE_MAX_TERM = 3;
export const refinancingCreditLineTerms = (terms: readonly number[]): number[] =>
  terms.filter((term) => term <= REFINANCING_CREATE_MAX_TERM);

/** A unit as the tick rules see it (spec 3 §3 "Refinancing unit"). */
export type RefinancingTickUnit = {
  vinNumber: string;
  deadlines: number | null;
  isSold: boolean;
  validRepuve: boolean | null;
  validTransunion: boolean | null;
  validAx: boolean | null;
  /** The unit's review status on the detail page (1 approved); 0 or null elsewhere. */
  status?: number | null;
};

/**
 * May `unit` be ticked next to the already ticked `selected` (spec 3 §5 "Refinancing")? Not sold; REPUVE,
 * TransUnion and AX all valid (or status 1 on the detail page); the same term as those already ticked. The
 * refusal's message names the unit.
 */
export function refinancingTickRefusal(
  unit: RefinancingTickUnit,
  selected: readonly RefinancingTickUnit[],
): string | null {
  if (unit.isSold) return REFINANCING_MESSAGES.unitSold(unit.vinNumber);
  const checksValid = unit.validRepuve === true && unit.validTransunion === true && unit.validAx === true;
  if (!checksValid && unit.status !== 1) return REFINANCING_MESSAGES.unitNotValidated(unit.vinNumber);
  if (unit.deadlines === null) return REFINANCING_MESSAGES.unitNotAvailable(unit.vinNumber);
  if (selected.some((other) => other.deadlines !== unit.deadlines)) return REFINANCING_MESSAGES.mixedTerms;
  return null;
}

export const canTickRefinancingUnit = (unit: RefinancingTickUnit, selected: readonly RefinancingTickUnit[]): boolean =>
  refinancingTickRefusal(unit, selected) === null;

/** The server's check of a whole selection: the first refusal, or null (each unit against those before it). */
export function refinancingSelectionRefusal(units: readonly RefinancingTickUnit[]): string | null {
  for (let i = 0; i < units.length; i += 1) {
    const refused = refinancingTickRefusal(units[i]!, units.slice(0, i));
    if (refused) return refused;
  }
  return null;
}
