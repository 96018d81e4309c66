import { MESSAGES } from '../messages';
import { FINANCING_MESSAGES } from '../messages-financing';
import { defineMachine, type Refusal } from '../state-machine';
import { USER_TYPE, type UserType } from '../user-types';
import { PROVISION_STATUS, type ProvisionStatus } from './provision-status';

/**
 * The first rows of the provisions' state machine (spec 3 §4 "Transitions", issue 16: the dealer's side), as plain
 * data `{ action, from, to, who, needs }` read by the server's policy and the screens alike (STYLE "state machines as
 * data"). The rows that move an existing provision are also the shared machine PROVISION_MACHINE below (decision
 * 016), which the server's applyTransition reads; `provisionTransition` reads every row, the creates included.
 */
export type ProvisionAction = 'create' | 'createAndSend' | 'edit' | 'send';
/** A condition on the provision beyond its status: at least one unit (spec 3 §5 'Seleccione al menos una unidad'). */
export type ProvisionNeed = 'atLeastOneUnit';

export type ProvisionTransition = {
  action: ProvisionAction;
  /** null: the provision does not exist yet. */
  from: ProvisionStatus | null;
  to: ProvisionStatus;
  who: readonly UserType[];
  needs: readonly ProvisionNeed[];
};

const { CREATED, SENT_TO_VALIDATE } = PROVISION_STATUS;
const DEALER_OPERATOR = [USER_TYPE.AGENCY_OPERATOR] as const;

export const PROVISION_TRANSITIONS = [
  // Guardar on the create screen (spec 3 §2).
  { action: 'create', from: null, to: CREATED, who: DEALER_OPERATOR, needs: [] },
  // Save-and-send (POST /provisions/create-send): created and sent to the lender at once.
  { action: 'createAndSend', from: null, to: SENT_TO_VALIDATE, who: DEALER_OPERATOR, needs: ['atLeastOneUnit'] },
  // "Edit and send-to-lender are enabled only at status 1" (spec 3 §4).
  { action: 'edit', from: CREATED, to: CREATED, who: DEALER_OPERATOR, needs: [] },
  { action: 'send', from: CREATED, to: SENT_TO_VALIDATE, who: DEALER_OPERATOR, needs: ['atLeastOneUnit'] },
] as const satisfies readonly ProvisionTransition[];

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
  return { allowed: true, to: row.to };
}

/** For the screens: is the action offered at all (status and user type; units are checked on click)? */
export const canProvisionAction = (action: ProvisionAction, userType: number, status: number | null): boolean => {
  const verdict = provisionTransition(action, { userType, status, unitCount: Number.MAX_SAFE_INTEGER });
  return verdict.allowed;
};

/** A provision as the machine sees it: its status and how many units it has. */
export type ProvisionMachineEntity = { status: number; unitCount: number };
export type ProvisionMachineAction = Exclude<ProvisionAction, 'create' | 'createAndSend'>;

const ALL_PROVISION_STATUSES = Object.values(PROVISION_STATUS) as ProvisionStatus[];
const NO_UNITS: Refusal = { code: 'NO_UNITS', message: MESSAGES.selectAtLeastOneUnit, httpStatus: 422 };
const NEEDS: Record<ProvisionNeed, (entity: ProvisionMachineEntity) => true | Refusal> = {
  atLeastOneUnit: (entity) => entity.unitCount > 0 || NO_UNITS,
};

/**
 * The same rows as the shared machine (state-machine.ts), for the moves of an existing provision: edit (1 → 1) and
 * send to validation (1 → 2). The lender's rows (3 → 4, 9, 10, …) join this table with their issue.
 */
export const PROVISION_MACHINE = defineMachine<ProvisionStatus, ProvisionMachineAction, ProvisionMachineEntity>({
  name: 'provision',
  statuses: ALL_PROVISION_STATUSES,
  statusOf: (entity) => entity.status as ProvisionStatus,
  wrongStatus: FINANCING_MESSAGES.provisionStatusNotAllowed,
  transitions: PROVISION_TRANSITIONS.flatMap((row) => {
    if (row.from === null) return [];
    const needs = row.needs.map((need) => NEEDS[need]);
    return [
      {
        action: row.action as ProvisionMachineAction,
        from: [row.from],
        to: row.to,
        who: row.who,
        needs: (entity: ProvisionMachineEntity) => needs.map((need) => need(entity)).find((v) => v !== true) ?? true,
      },
    ];
  }),
});
