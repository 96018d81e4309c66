import { MESSAGES } from '../messages';
import { defineMachine, type Refusal, type StateActor } from '../state-machine';

/** Users and roles keep their status as a flag (spec 1 §3); the machines name its two values. */
export type ActiveStatus = 'active' | 'inactive';
export type ActiveAction = 'activate' | 'deactivate';
export const ACTIVE_STATUSES: readonly ActiveStatus[] = ['active', 'inactive'];

export const activeStatusOf = (entity: { isActive: boolean }): ActiveStatus =>
  entity.isActive ? 'active' : 'inactive';
/** The action a toggle takes from the row's current value: it sends the inverse (spec 1 §4). */
export const toggleActionOf = (entity: { isActive: boolean }): ActiveAction =>
  entity.isActive ? 'deactivate' : 'activate';

const OWN_STATUS: Refusal = { code: 'OWN_STATUS', message: MESSAGES.ownStatusChange, httpStatus: 403 };
/** Nobody changes their own status, and the toggle is hidden on one's own row (spec 1 §6). */
const notOneself = (user: { id: number }, actor: StateActor) => user.id !== actor.id || OWN_STATUS;

/**
 * User status (spec 1 §4, §6): the types whose menu has Usuarios toggle the users in their scope (the users policy
 * puts the scope in the query), never their own row.
 */
export const USER_STATUS_MACHINE = defineMachine<ActiveStatus, ActiveAction, { id: number; isActive: boolean }>({
  name: 'user-status',
  statuses: ACTIVE_STATUSES,
  statusOf: activeStatusOf,
  wrongStatus: MESSAGES.invalidStatus,
  transitions: [
    { action: 'activate', from: ['inactive'], to: 'active', who: [1, 2, 3, 4], needs: notOneself },
    { action: 'deactivate', from: ['active'], to: 'inactive', who: [1, 2, 3, 4], needs: notOneself },
  ],
});

/** Role status (spec 1 §4, §6): the types with a Roles screen toggle the roles in their scope. */
export const ROLE_STATUS_MACHINE = defineMachine<ActiveStatus, ActiveAction, { isActive: boolean }>({
  name: 'role-status',
  statuses: ACTIVE_STATUSES,
  statusOf: activeStatusOf,
  wrongStatus: MESSAGES.invalidStatus,
  transitions: [
    { action: 'activate', from: ['inactive'], to: 'active', who: [1, 2, 3, 4] },
    { action: 'deactivate', from: ['active'], to: 'inactive', who: [1, 2, 3, 4] },
  ],
});
