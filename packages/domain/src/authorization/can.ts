import { EXCEPTION_MACHINE, type ExceptionAction, type ExceptionEntity } from '../financing/exception-machine';
import {
  askFinancedUnit,
  FINANCED_UNIT_MACHINE,
  type FinancedUnitAction,
  type FinancedUnitEntity,
} from '../financing/financed-unit-machine';
import { visibleProvisionStatusRange } from '../financing/provision-list';
import {
  PROVISION_MACHINE,
  PROVISION_TRANSITIONS,
  type ProvisionMachineAction,
  type ProvisionMachineEntity,
} from '../financing/provision-machine';
import {
  REFINANCING_MACHINE,
  REFINANCING_STATUS,
  REFINANCING_TRANSITIONS,
  refinancingVisibility,
  type RefinancingMachineAction,
  type RefinancingMachineEntity,
} from '../financing/refinancing-machine';
import { AppErrorCode } from '../errors';
import { APP_ERROR_MESSAGE } from '../errors-messages';
import { REFINANCING_SIGNING_MESSAGES } from '../messages-financing';
import { API_PERMISSIONS } from '../permissions';
import type { ActorType } from '../state-machine';
import { isDealer, USER_TYPE, type UserType } from '../user-types';
import {
  allow,
  ask,
  inScope,
  machineRule,
  whoOf,
  type CanActor,
  type CanVerdict,
  type Check,
  type Rule,
} from './rules';

export type { CanActor, CanVerdict } from './rules';

/**
 * "May this user do this to this row?" — one question for the server and the screens (issue 28 item 3, decision
 * 077). An ability is `<entity>.<action>`; its rule composes the user's type (the machine's `who`, read from its
 * table), the scope (the module's policy: which company's rows and which statuses the type reaches, spec 3 §4
 * "Visibility", §6) and the state (the machine's verdict: status and needs). Asked without a row it answers for the
 * type alone ("is the button ever there?", "403 before anything is read"); with a row, for that row now. The
 * account scope of the lender's staff needs the database (the accounts assigned to an operator): the server keeps
 * it in the WHERE of its reads, so a foreign row never reaches `can`.
 */

/** A provision as `can` sees it: the machine's entity and, when known, its company (the dealer's scope). */
export type ProvisionCanEntity = ProvisionMachineEntity & { companyId?: number };
/** A refinancing as `can` sees it: the machine's entity and, when known, its company (types 4 and 5). */
export type RefinancingCanEntity = RefinancingMachineEntity & { companyId?: number };
export type ExceptionCanEntity = ExceptionEntity;
/** A unit of the financed-units register (issue 29) as `can` sees it: the machine's entity and, when known, its company. */
export type FinancedUnitCanEntity = FinancedUnitEntity & { companyId?: number };
/** A refinancing as the evidence upload sees it (its units' evidences, spec 3 §4). */
export type RefinancingEvidenceEntity = { status: number; requireEvidences: boolean; companyId?: number };

/** Every ability and the row it is asked about (`never`: an ability asked of the type alone, no row exists yet). */
export type AbilityEntities = { [A in ProvisionMachineAction as `provision.${A}`]: ProvisionCanEntity } & {
  [A in RefinancingMachineAction as `refinancing.${A}`]: RefinancingCanEntity;
} & { [A in ExceptionAction as `exception.${A}`]: ExceptionCanEntity } & {
  [A in FinancedUnitAction as `financedUnit.${A}`]: FinancedUnitCanEntity;
} & {
  'provision.create': never;
  'provision.createAndSend': never;
  'refinancing.create': never;
  'refinancing.review': never;
  'refinancing.uploadEvidence': RefinancingEvidenceEntity;
};
export type Ability = keyof AbilityEntities;

/** Spec 3 §4 "Visibility by role": the statuses each type sees; the dealer only its active company's provisions. */
function reachesProvision(actor: CanActor, provision: ProvisionCanEntity): boolean {
  const [from, to] = visibleProvisionStatusRange(actor.type as UserType);
  if (provision.status < from || provision.status > to) return false;
  if (actor.type !== USER_TYPE.AGENCY_OPERATOR || provision.companyId === undefined) return true;
  return provision.companyId === actor.companyId;
}

/** Spec 3 §4 "Visibility": type 2 sees 3–10, 3 sees 1–10, 5 its company's 1–10, 4 its company's 5–10. */
function reachesRefinancing(actor: CanActor, refinancing: { status: number; companyId?: number }): boolean {
  const { statuses, ownCompany } = refinancingVisibility(actor.type);
  if (!(statuses as readonly number[]).includes(refinancing.status)) return false;
  if (!ownCompany || refinancing.companyId === undefined) return true;
  return refinancing.companyId === actor.companyId;
}

/**
 * Issue 29 §1: the register's scope is the provisions' — the dealer's types (4, 5) reach their active company's units
 * only; the lender's staff reach units by account, which the server's WHERE holds.
 */
function reachesFinancedUnit(actor: CanActor, unit: FinancedUnitCanEntity): boolean {
  if (!isDealer(actor.type as UserType) || unit.companyId === undefined) return true;
  return unit.companyId === actor.companyId;
}

/** The machine's verdict with the sale report's own words ('ya fue reportada como vendida', askFinancedUnit). */
const financedUnitState =
  (action: FinancedUnitAction): Check<FinancedUnitCanEntity> =>
  (actor, unit) => {
    const verdict = askFinancedUnit({ id: actor.id, type: actor.type as ActorType }, action, unit);
    return verdict.allowed || { ...verdict, allowed: false };
  };

/** Exceptions: the list each type reads is its scope (the server's WHERE); the row's state is the machine's. */
const reachesException = () => true;

/**
 * A unit's evidence (decision 045): "upload by type 3 (and type 5 when required) when status is below 2" (spec 3 §4),
 * read as 1 and 2. The dealer asked where evidences are not required is told so before the status is looked at.
 */
const dealerOnlyWhenRequired: Check<RefinancingEvidenceEntity> = (actor, refinancing) =>
  actor.type !== USER_TYPE.AGENCY_OPERATOR ||
  refinancing.requireEvidences || {
    allowed: false,
    reason: 'needs',
    code: AppErrorCode.EVIDENCES_NOT_REQUESTED,
    message: APP_ERROR_MESSAGE.EVIDENCES_NOT_REQUESTED,
    httpStatus: 403,
  };
const EVIDENCE_STATUSES: readonly number[] = [REFINANCING_STATUS.CREATED, REFINANCING_STATUS.EVIDENCE_REQUESTED];
const whileEvidenceOpen: Check<RefinancingEvidenceEntity> = (_actor, refinancing) =>
  EVIDENCE_STATUSES.includes(refinancing.status) || {
    allowed: false,
    reason: 'status',
    code: AppErrorCode.INVALID_STATUS,
    message: REFINANCING_SIGNING_MESSAGES.evidenceStatusNotAllowed,
    httpStatus: 409,
  };

const PROVISION_ACTIONS = [...new Set(PROVISION_MACHINE.transitions.map((t) => t.action))];
const REFINANCING_ACTIONS = [...new Set(REFINANCING_MACHINE.transitions.map((t) => t.action))];
const EXCEPTION_ACTIONS = [...new Set(EXCEPTION_MACHINE.transitions.map((t) => t.action))];
const FINANCED_UNIT_ACTIONS = [...new Set(FINANCED_UNIT_MACHINE.transitions.map((t) => t.action))];

const typesOf = (access: (typeof API_PERMISSIONS)[keyof typeof API_PERMISSIONS]): readonly number[] =>
  typeof access === 'string' ? [] : access;

const RULES = {
  ...Object.fromEntries(
    PROVISION_ACTIONS.map((a) => [`provision.${a}`, machineRule(PROVISION_MACHINE, a, reachesProvision)]),
  ),
  ...Object.fromEntries(
    REFINANCING_ACTIONS.map((a) => [`refinancing.${a}`, machineRule(REFINANCING_MACHINE, a, reachesRefinancing)]),
  ),
  ...Object.fromEntries(
    EXCEPTION_ACTIONS.map((a) => [`exception.${a}`, machineRule(EXCEPTION_MACHINE, a, reachesException)]),
  ),
  ...Object.fromEntries(
    FINANCED_UNIT_ACTIONS.map((a) => [
      `financedUnit.${a}`,
      allow<FinancedUnitCanEntity>(
        whoOf(FINANCED_UNIT_MACHINE.transitions, a),
        inScope(reachesFinancedUnit),
        financedUnitState(a),
      ),
    ]),
  ),
  // The creates: no row yet, the table's `create` rows say who.
  'provision.create': allow(whoOf(PROVISION_TRANSITIONS, 'create')),
  'provision.createAndSend': allow(whoOf(PROVISION_TRANSITIONS, 'createAndSend')),
  'refinancing.create': allow(whoOf(REFINANCING_TRANSITIONS, 'create')),
  // The administrator's list of refinancings to validate: the route's own entry says who.
  'refinancing.review': allow(typesOf(API_PERMISSIONS['GET /api/refinancings/review'])),
  // A unit's evidence: the route's entry says who (types 3 and 5); the row says when.
  'refinancing.uploadEvidence': allow<RefinancingEvidenceEntity>(
    typesOf(API_PERMISSIONS['POST /api/refinancings/:id/units/:unitId/evidences']),
    inScope(reachesRefinancing),
    dealerOnlyWhenRequired,
    whileEvidenceOpen,
  ),
} as Record<Ability, Rule<unknown>>;

/** May `actor` take `ability` — at all (no row), or on `entity` now? */
export function can<A extends Ability>(actor: CanActor, ability: A, entity?: AbilityEntities[A]): CanVerdict {
  return ask(RULES[ability], actor, entity);
}

/** The abilities `can` answers (for tests and the decision's table). */
export const ABILITIES = Object.keys(RULES) as Ability[];
