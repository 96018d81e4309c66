import { FINANCED_UNIT_MESSAGES } from '../messages-financed-units';
import { askMachine, defineMachine, SYSTEM_ACTOR_TYPE, type StateActor, type Verdict } from '../state-machine';
import { USER_TYPE } from '../user-types';

import { FINANCED_UNIT_STATUS, FINANCED_UNIT_STATUSES, type FinancedUnitStatus } from '../contracts/financed-units';

// The status codes live with the register's contract (contracts/financed-units.ts): Vigente → Vendida (por liquidar)
// → Liquidada, or → Vencida sin liquidar (sold out of trust, SOT) when the grace ends unpaid (issue 29 §2).
export { FINANCED_UNIT_STATUS, FINANCED_UNIT_STATUSES, type FinancedUnitStatus };

const STATUS_NAMES: Record<FinancedUnitStatus, string> = {
  1: FINANCED_UNIT_MESSAGES.statusCurrent,
  2: FINANCED_UNIT_MESSAGES.statusSold,
  3: FINANCED_UNIT_MESSAGES.statusPaid,
  4: FINANCED_UNIT_MESSAGES.statusSoldOutOfTrust,
};

/** The status as the register shows it; '-' for a code that is not one. */
export function financedUnitStatusName(status: number): string {
  return STATUS_NAMES[status as FinancedUnitStatus] ?? '-';
}

/** The statuses whose money is still on the dealer's lot or in its hands: every one but Liquidada. */
export function isOutstanding(status: number): boolean {
  return status !== FINANCED_UNIT_STATUS.PAID;
}

/**
 * - reportSold: the dealer (types 4, 5) reports the sale; the system too, when a closed audit found the unit sold.
 * - recordPayoff: the reconciliation job sees the payoff in the CRM (a unit may be paid off before it is reported
 *   sold, and an SOT unit's payoff lifts the hold).
 * - graceExpired: the job finds the grace over and the unit unpaid. A sale reported late (its grace already over)
 *   still goes to Vendida first: the history shows the report, and the job's next pass moves it to SOT.
 * - reverseSale (ours): the lender's administrator corrects a sale reported by mistake, or an SOT unit a later
 *   audit found on the lot. Only type 2: a dealer must not be able to take a unit out of SOT by itself.
 */
export type FinancedUnitAction = 'reportSold' | 'recordPayoff' | 'graceExpired' | 'reverseSale';

/**
 * What the machine reads of a unit: its status and, for graceExpired, whether its payoff due date has passed on the
 * business's today (payoff-grace.ts `isGraceOver`; the job computes it).
 */
export type FinancedUnitEntity = { status: number; graceOver?: boolean };

const S = FINANCED_UNIT_STATUS;
const DEALER = [USER_TYPE.LEGAL_REPRESENTATIVE, USER_TYPE.AGENCY_OPERATOR] as const;

export const FINANCED_UNIT_MACHINE = defineMachine<FinancedUnitStatus, FinancedUnitAction, FinancedUnitEntity>({
  name: 'financedUnit',
  statuses: FINANCED_UNIT_STATUSES,
  statusOf: (entity) => entity.status as FinancedUnitStatus,
  wrongStatus: FINANCED_UNIT_MESSAGES.unitStatusNotAllowed,
  transitions: [
    { action: 'reportSold', from: [S.CURRENT], to: S.SOLD, who: [...DEALER, SYSTEM_ACTOR_TYPE] },
    {
      action: 'recordPayoff',
      from: [S.CURRENT, S.SOLD, S.SOLD_OUT_OF_TRUST],
      to: S.PAID,
      who: [SYSTEM_ACTOR_TYPE],
    },
    {
      action: 'graceExpired',
      from: [S.SOLD],
      to: S.SOLD_OUT_OF_TRUST,
      who: [SYSTEM_ACTOR_TYPE],
      needs: (entity) =>
        entity.graceOver === true || {
          code: 'GRACE_NOT_OVER',
          message: FINANCED_UNIT_MESSAGES.graceNotOver,
          httpStatus: 422,
        },
    },
    {
      action: 'reverseSale',
      from: [S.SOLD, S.SOLD_OUT_OF_TRUST],
      to: S.CURRENT,
      who: [USER_TYPE.PROVIDER_ADMIN],
    },
  ],
});

/**
 * askMachine, with the words a dealer can act on where a sale report meets a unit that already moved: 'ya fue
 * reportada como vendida' (Vendida or SOT) and 'ya está liquidada' rather than the generic status refusal.
 */
export function askFinancedUnit(
  actor: StateActor,
  action: FinancedUnitAction,
  entity: FinancedUnitEntity,
): Verdict<FinancedUnitStatus> {
  const verdict = askMachine(FINANCED_UNIT_MACHINE, actor, action, entity);
  if (verdict.allowed || verdict.reason !== 'status' || action !== 'reportSold') return verdict;
  if (entity.status === S.PAID)
    return { ...verdict, code: 'UNIT_ALREADY_PAID', message: FINANCED_UNIT_MESSAGES.unitAlreadyPaid };
  if (entity.status === S.SOLD || entity.status === S.SOLD_OUT_OF_TRUST)
    return { ...verdict, code: 'UNIT_ALREADY_SOLD', message: FINANCED_UNIT_MESSAGES.unitAlreadySold };
  return verdict;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string) =>
  CALENDAR_DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/**
 * The sale report's own rules, before the machine is asked (issue 29 §2, Acceptance "bad input"): only a released
 * unit is in the register; the sale day is a real day, not after the business's today and not before the unit's
 * release day (all YYYY-MM-DD in the business time zone). A sale on the release day itself is allowed.
 */
export function saleReportRefusal(input: {
  released: boolean;
  saleDate: string | null | undefined;
  releaseDate: string;
  today: string;
}): { code: string; message: string; httpStatus: 422 } | null {
  const refuse = (code: string, message: string) => ({ code, message, httpStatus: 422 as const });
  if (!input.released) return refuse('UNIT_NOT_RELEASED', FINANCED_UNIT_MESSAGES.unitNotReleased);
  const saleDate = input.saleDate?.trim() ?? '';
  if (saleDate === '') return refuse('SALE_DATE_REQUIRED', FINANCED_UNIT_MESSAGES.saleDateRequired);
  if (!isRealDay(saleDate)) return refuse('SALE_DATE_INVALID', FINANCED_UNIT_MESSAGES.saleDateInvalid);
  if (saleDate > input.today) return refuse('SALE_DATE_IN_FUTURE', FINANCED_UNIT_MESSAGES.saleDateInFuture);
  if (saleDate < input.releaseDate)
    return refuse('SALE_DATE_BEFORE_RELEASE', FINANCED_UNIT_MESSAGES.saleDateBeforeRelease);
  return null;
}
