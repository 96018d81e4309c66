import { MESSAGES } from './messages';
import type { UserType } from './user-types';

/**
 * State machines as data (ARCHITECTURE §6, docs/decisions/016): each status change an entity allows is one row
 * `{ action, from, to, who, needs }`. The server asks `askMachine` before it moves a row (and then moves it with a
 * conditional update on status and version); a screen asks `can` (authorization/can.ts) or `actionsFor` to decide what to show. Which
 * routes a user type may call at all stays in API_PERMISSIONS; the machine narrows it per row and status.
 * Pure and browser-safe.
 */

/** A status as a machine names it: a word (users keep a flag), or the spec's own code (provisions 1–11). */
export type StatusKey = string | number;

/**
 * The background jobs' actor (validation finished, a signature webhook, expiry): no user type is 0, so no user can
 * take a row meant for the system, and the system takes no user's row.
 */
export const SYSTEM_ACTOR_TYPE = 0 as const;
export type ActorType = UserType | typeof SYSTEM_ACTOR_TYPE;
export const SYSTEM_ACTOR = { id: 0, type: SYSTEM_ACTOR_TYPE } as const satisfies { id: number; type: ActorType };

/** Who is acting. */
export type StateActor = { id: number; type: ActorType };

/**
 * Why a guard refuses: a stable code, the Spanish text the screen shows and the HTTP status the server answers
 * (ARCHITECTURE §4: 403 not allowed, 422 business rule).
 */
export type Refusal = { code: string; message: string; httpStatus: 403 | 422 };

export type Transition<S extends StatusKey, A extends string, E> = {
  action: A;
  /** The statuses the action starts from. */
  from: readonly S[];
  /** The status it ends in; a function where the outcome decides (an insertion the CRM refuses stays failed). */
  to: S | ((entity: E) => S);
  /** The user types that may take it (SYSTEM_ACTOR_TYPE: only a background job). */
  who: readonly ActorType[];
  /** A rule on the row beyond its status (never one's own status): `true`, or why not. */
  needs?: (entity: E, actor: StateActor) => true | Refusal;
};

export type Machine<S extends StatusKey, A extends string, E> = {
  name: string;
  statuses: readonly S[];
  /** The row's status as the machine names it (users and roles keep a boolean). */
  statusOf: (entity: E) => S;
  /** The 409 text when the row's status does not allow the action (it moved on, or it never could). */
  wrongStatus: string;
  transitions: readonly Transition<S, A, E>[];
};

export type Verdict<S extends StatusKey> =
  | { allowed: true; to: S }
  | {
      allowed: false;
      /** 'who': the actor's type may not take it; 'status': not from this status; 'needs': a guard refused. */
      reason: 'who' | 'status' | 'needs';
      code: string;
      message: string;
      httpStatus: 403 | 409 | 422;
    };

/**
 * Checks a machine once, when it is defined: every status named exists, and an action's rows start from
 * different statuses, so at most one row answers for an action and a status.
 */
export function defineMachine<S extends StatusKey, A extends string, E>(machine: Machine<S, A, E>): Machine<S, A, E> {
  const seen = new Set<string>();
  for (const transition of machine.transitions) {
    const targets = typeof transition.to === 'function' ? [] : [transition.to];
    for (const status of [...transition.from, ...targets]) {
      if (!machine.statuses.includes(status)) {
        throw new Error(`${machine.name}: unknown status ${status} in ${transition.action}`);
      }
    }
    for (const status of transition.from) {
      const key = `${transition.action}:${status}`;
      if (seen.has(key)) throw new Error(`${machine.name}: two rows for ${transition.action} from ${status}`);
      seen.add(key);
    }
  }
  return machine;
}

const FORBIDDEN = { code: 'FORBIDDEN', message: MESSAGES.forbidden, httpStatus: 403 } as const;

/** May `actor` take `action` on `entity` now, and where does it lead? */
export function askMachine<S extends StatusKey, A extends string, E>(
  machine: Machine<S, A, E>,
  actor: StateActor,
  action: A,
  entity: E,
): Verdict<S> {
  const rows = machine.transitions.filter((t) => t.action === action);
  // A type that may take the action from no status is refused whatever the row's status (403 before 409).
  if (!rows.some((t) => t.who.includes(actor.type))) return { allowed: false, reason: 'who', ...FORBIDDEN };
  const status = machine.statusOf(entity);
  const row = rows.find((t) => t.from.includes(status));
  if (!row) {
    return {
      allowed: false,
      reason: 'status',
      code: 'INVALID_STATUS',
      message: machine.wrongStatus,
      httpStatus: 409,
    };
  }
  if (!row.who.includes(actor.type)) return { allowed: false, reason: 'who', ...FORBIDDEN };
  const needed = row.needs ? row.needs(entity, actor) : true;
  if (needed !== true) return { allowed: false, reason: 'needs', ...needed };
  return { allowed: true, to: typeof row.to === 'function' ? row.to(entity) : row.to };
}

/** The actions `actor` may take on `entity` now, in the machine's order: what a screen shows for a row. */
export function actionsFor<S extends StatusKey, A extends string, E>(
  machine: Machine<S, A, E>,
  actor: StateActor,
  entity: E,
): A[] {
  const actions = [...new Set(machine.transitions.map((t) => t.action))];
  return actions.filter((action) => askMachine(machine, actor, action, entity).allowed);
}
