import { MESSAGES } from '../messages';
import { FINANCING_MESSAGES } from '../messages-financing';
import { SYSTEM_ACTOR_TYPE, defineMachine, type Refusal } from '../state-machine';
import { USER_TYPE } from '../user-types';
import {
  FINANCING_LENDER_ACTORS,
  financingLifeRows,
  fromEach,
  machineTransitions,
  type FinancingRow,
} from './financing-life';
import { PROVISION_STATUS, type ProvisionStatus } from './provision-status';

/**
 * The provisions' state machine (spec 3 §4 "Transitions", issues 16 and 17), every row as plain data
 * `{ action, from, to, who, needs }` read by the server (PROVISION_MACHINE through applyTransition, and
 * `provisionTransition` for the creates) and by the screens to decide which buttons to show (STYLE "state machines
 * as data"). `to: 'same'` is an action that keeps the status (an edit, a folio update, a redone document). Rows
 * whose `who` is the system (SYSTEM_ACTOR_TYPE) are taken only by background jobs: the validations finishing, the
 * e-signature provider's webhooks and the expiry; no user may take them. Ownership and scope (a type 5 works on its
 * own provisions, a type 3 on the accounts it operates) are the server policy's, which sees the row.
 */
export type ProvisionAction =
  | 'create'
  | 'createAndSend'
  | 'edit'
  | 'send'
  | 'validationComplete'
  | 'reviewUnits'
  | 'confirm'
  | 'reject'
  | 'generateDocuments'
  | 'redoDocument'
  | 'sendToSign'
  | 'signingStarted'
  | 'signingCompleted'
  | 'release'
  | 'sendToCrm'
  | 'updateFolio'
  | 'expire';
/**
 * A condition on the provision beyond its status: at least one (selected) unit (spec 3 §5 'Seleccione al menos una
 * unidad'); the signing documents generated before they are sent to sign (spec 3 §4).
 */
export type ProvisionNeed = 'atLeastOneUnit' | 'signingDocuments';

export type ProvisionTransition = FinancingRow<ProvisionAction, ProvisionStatus, ProvisionNeed>;

const S = PROVISION_STATUS;
const DEALER_OPERATOR = [USER_TYPE.AGENCY_OPERATOR] as const;
/** Types 1 and 3: the lender users with actions on a provision (spec 3 §4, §6). */
const LENDER_ACTORS = FINANCING_LENDER_ACTORS;
const LENDER_ADMIN = [USER_TYPE.PROVIDER_ADMIN] as const;
const SYSTEM = [SYSTEM_ACTOR_TYPE] as const;

export const PROVISION_TRANSITIONS: readonly ProvisionTransition[] = [
  // Guardar on the create screen (spec 3 §2).
  { action: 'create', from: null, to: S.CREATED, who: DEALER_OPERATOR, needs: [] },
  // Save-and-send (POST /provisions/create-send): created and sent to the lender at once.
  { action: 'createAndSend', from: null, to: S.SENT_TO_VALIDATE, who: DEALER_OPERATOR, needs: ['atLeastOneUnit'] },
  // "Edit and send-to-lender are enabled only at status 1" (spec 3 §4).
  { action: 'edit', from: S.CREATED, to: 'same', who: DEALER_OPERATOR, needs: [] },
  { action: 'send', from: S.CREATED, to: S.SENT_TO_VALIDATE, who: DEALER_OPERATOR, needs: ['atLeastOneUnit'] },
  // Every unit checked against REPUVE, TransUnion, AX and its invoice: the lender's validation starts (issue 17).
  { action: 'validationComplete', from: S.SENT_TO_VALIDATE, to: S.LENDER_VALIDATION, who: SYSTEM, needs: [] },
  // The lender administrator's review of the units (/disposiciones-revision, spec 3 §2).
  { action: 'reviewUnits', from: S.LENDER_VALIDATION, to: 'same', who: LENDER_ADMIN, needs: [] },
  // Confirmar needs a selected unit; Rechazar does not and sends every unit back (spec 3 §4, §5).
  { action: 'confirm', from: S.LENDER_VALIDATION, to: S.ACCEPTED, who: LENDER_ACTORS, needs: ['atLeastOneUnit'] },
  { action: 'reject', from: S.LENDER_VALIDATION, to: S.REJECTED, who: LENDER_ACTORS, needs: [] },
  // The dealer generates the signing documents and sends them to sign; only at Aceptada (spec 3 §4).
  { action: 'generateDocuments', from: S.ACCEPTED, to: 'same', who: DEALER_OPERATOR, needs: [] },
  // From Aceptada on, the life every financing operation shares (financing-life.ts): sending to sign needs the
  // documents generated; types 1 and 3 may redo one while not yet signed, from Aceptada on (spec 3 §4).
  ...financingLifeRows<ProvisionStatus, ProvisionNeed>(S, {
    sendToSignNeeds: ['signingDocuments'],
    redoWho: LENDER_ACTORS,
    redoWhenAccepted: true,
  }),
  // Not completed within the configured validity days: cancelled, its reservation freed (issue 17).
  ...fromEach<ProvisionTransition>(
    [S.CREATED, S.SENT_TO_VALIDATE, S.LENDER_VALIDATION, S.ACCEPTED, S.SENT_TO_SIGN, S.SIGNING],
    {
      action: 'expire',
      to: S.CANCELLED,
      who: SYSTEM,
      needs: [],
    },
  ),
];

export type ProvisionTransitionVerdict =
  | { allowed: true; to: ProvisionStatus }
  | { allowed: false; code: 'FORBIDDEN' | 'INVALID_STATUS' | 'NO_UNITS'; message: string };

/**
 * May `userType` take `action` on a provision in `status` (null before it exists) with `unitCount` units? The
 * ownership of the row (a type 5 works on its own provisions) is the server policy's, which sees the row.
 */
export function provisionTransition(
  action: ProvisionAction,
  context: { userType: number; status: number | null; unitCount: number },
): ProvisionTransitionVerdict {
  const rows: readonly ProvisionTransition[] = PROVISION_TRANSITIONS.filter((t) => t.action === action);
  if (!rows.some((t) => (t.who as readonly number[]).includes(context.userType)))
    return { allowed: false, code: 'FORBIDDEN', message: MESSAGES.forbidden };
  const row = rows.find((t) => t.from === context.status);
  if (!row) return { allowed: false, code: 'INVALID_STATUS', message: FINANCING_MESSAGES.provisionStatusNotAllowed };
  if (row.needs.includes('atLeastOneUnit') && context.unitCount < 1)
    return { allowed: false, code: 'NO_UNITS', message: MESSAGES.selectAtLeastOneUnit };
  return { allowed: true, to: row.to === 'same' ? (row.from ?? row.to) : row.to } as ProvisionTransitionVerdict;
}

/**
 * For the screens: is the action offered at all (status and user type; units and documents are checked on click)?
 */
export const canProvisionAction = (action: ProvisionAction, userType: number, status: number | null): boolean => {
  const verdict = provisionTransition(action, { userType, status, unitCount: Number.MAX_SAFE_INTEGER });
  return verdict.allowed;
};

/** The actions a user type may take on a provision in `status`, in the table's order: the buttons a screen shows. */
export const provisionActionsFor = (userType: number, status: number): ProvisionMachineAction[] =>
  [...new Set(PROVISION_TRANSITIONS.map((t) => t.action))].filter(
    (action): action is ProvisionMachineAction =>
      action !== 'create' && action !== 'createAndSend' && canProvisionAction(action, userType, status),
  );

/**
 * A provision as the machine sees it: its status, how many units it has (for confirm: how many are selected) and
 * how many signing documents it holds (sendToSign needs them; omitted where no row asks).
 */
export type ProvisionMachineEntity = { status: number; unitCount: number; signingDocuments?: number };
export type ProvisionMachineAction = Exclude<ProvisionAction, 'create' | 'createAndSend'>;

const ALL_PROVISION_STATUSES = Object.values(PROVISION_STATUS) as ProvisionStatus[];
const NO_UNITS: Refusal = { code: 'NO_UNITS', message: MESSAGES.selectAtLeastOneUnit, httpStatus: 422 };
const NO_DOCUMENTS: Refusal = {
  code: 'NO_SIGNING_DOCUMENTS',
  message: FINANCING_MESSAGES.signingDocumentsMissing,
  httpStatus: 422,
};
const NEEDS: Record<ProvisionNeed, (entity: ProvisionMachineEntity) => true | Refusal> = {
  atLeastOneUnit: (entity) => entity.unitCount > 0 || NO_UNITS,
  signingDocuments: (entity) => (entity.signingDocuments ?? 0) > 0 || NO_DOCUMENTS,
};

/** The rows that move an existing provision, as the shared machine (state-machine.ts) the server applies. */
export const PROVISION_MACHINE = defineMachine<ProvisionStatus, ProvisionMachineAction, ProvisionMachineEntity>({
  name: 'provision',
  statuses: ALL_PROVISION_STATUSES,
  statusOf: (entity) => entity.status as ProvisionStatus,
  wrongStatus: FINANCING_MESSAGES.provisionStatusNotAllowed,
  transitions: machineTransitions<ProvisionMachineAction, ProvisionStatus, ProvisionNeed, ProvisionMachineEntity>(
    PROVISION_TRANSITIONS,
    { statusOf: (entity) => entity.status as ProvisionStatus, check: NEEDS },
  ),
});
