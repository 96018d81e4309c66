import { MESSAGES } from '../messages';
import { askMachine, type ActorType, type Machine, type StatusKey } from '../state-machine';

/**
 * The parts a `can` rule is composed of (outline's `allow(User, 'revoke', Share, (actor, share) => and(…))`): the
 * user's type, the scope it reaches and the row's state. Each answers `true` or why not, with the status the server
 * answers: 403 the type may never take it, 404 the row is out of the actor's reach (a foreign row is "not found",
 * ARCHITECTURE §6), 409 the status does not allow it, 403/422 a guard of the machine refuses.
 */

/** Who is asking: the signed-in user (`AuthUser` on the server, the session's user on a screen). */
export type CanActor = { id: number; type: number; companyId?: number | null };

export type Refused = {
  allowed: false;
  /** 'who': the type; 'scope': out of reach; 'status' and 'needs': the machine's verdict. */
  reason: 'who' | 'scope' | 'status' | 'needs';
  code: string;
  message: string;
  httpStatus: 403 | 404 | 409 | 422;
};
export type CanVerdict = { allowed: true } | Refused;

/** One part of a rule: `true`, or the refusal. */
export type Check<E> = (actor: CanActor, entity: E) => true | Refused;

export const FORBIDDEN: Refused = {
  allowed: false,
  reason: 'who',
  code: 'FORBIDDEN',
  message: MESSAGES.forbidden,
  httpStatus: 403,
};
const OUT_OF_SCOPE: Refused = {
  allowed: false,
  reason: 'scope',
  code: 'NOT_FOUND',
  message: MESSAGES.notFound,
  httpStatus: 404,
};

/**
 * An ability: the types that may take it at all (asked without a row: "may this user ever do this?") and, for a
 * row, the checks in order — scope before state, so a foreign row is not found whatever its status.
 */
export type Rule<E> = { who: readonly number[]; checks: readonly Check<E>[] };

export const allow = <E>(who: readonly number[], ...checks: Check<E>[]): Rule<E> => ({ who, checks });

/** The row is within the actor's reach (`reaches` is the module's policy, pure). */
export const inScope =
  <E>(reaches: (actor: CanActor, entity: E) => boolean): Check<E> =>
  (actor, entity) =>
    reaches(actor, entity) || OUT_OF_SCOPE;

/** The machine allows `action` on the row now (status and needs; the type was asked first). */
export const inState =
  <S extends StatusKey, A extends string, E>(machine: Machine<S, A, E>, action: A): Check<E> =>
  (actor, entity) => {
    const verdict = askMachine(machine, { id: actor.id, type: actor.type as ActorType }, action, entity);
    if (verdict.allowed) return true;
    return {
      allowed: false,
      reason: verdict.reason,
      code: verdict.code,
      message: verdict.message,
      httpStatus: verdict.httpStatus,
    };
  };

/** The types any row of `action` names: the machine's `who`, read from its table (never copied). */
export const whoOf = <A extends string>(
  rows: readonly { action: A; who: readonly ActorType[] }[],
  action: A,
): readonly number[] => [...new Set(rows.filter((row) => row.action === action).flatMap((row) => row.who))];

/** A machine action as an ability: its `who`, the scope, then the machine's verdict on the row. */
export const machineRule = <S extends StatusKey, A extends string, E>(
  machine: Machine<S, A, E>,
  action: A,
  reaches: (actor: CanActor, entity: E) => boolean,
): Rule<E> => allow<E>(whoOf(machine.transitions, action), inScope(reaches), inState(machine, action));

/** Asks a rule: the type first (403 before anything about the row), then each check on the row when there is one. */
export function ask<E>(rule: Rule<E>, actor: CanActor, entity: E | undefined): CanVerdict {
  if (!rule.who.includes(actor.type)) return FORBIDDEN;
  if (entity === undefined) return { allowed: true };
  for (const check of rule.checks) {
    const verdict = check(actor, entity);
    if (verdict !== true) return verdict;
  }
  return { allowed: true };
}
