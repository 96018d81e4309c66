import { MESSAGES } from '../messages';
import { FINANCING_MESSAGES } from '../messages-financing';
import { USER_TYPE, type UserType } from '../user-types';
import { PROVISION_STATUS, type ProvisionStatus } from './provision-status';

/**
 * The first rows of the provisions' state machine (spec 3 §4 "Transitions", issue 16: the dealer's side), as plain
 * data `{ action, from, to, who, needs }` read by the server's policy and the screens alike (STYLE "state machines as
 * data"). These rows are written in the shape the shared `defineMachine` of state-machine.ts takes, and move into it
 * once that module is on main; until then `provisionTransition` below reads them.
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
