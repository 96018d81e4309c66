import { FINANCED_UNIT_STATUS } from '../contracts/financed-units';
import { LOT_AUDIT_MESSAGES as TEXT } from '../messages-lot-audits';
import { askMachine, defineMachine, type Refusal, type StateActor, type Verdict } from '../state-machine';
import { USER_TYPE } from '../user-types';
import { addBusinessDays, type NonWorkingDay } from './payoff-grace';
import { vinCheckDigitValid } from './vin';

/**
 * Lot audits per unit (issue 29 item 3, decision 081). An audit holds a snapshot of its company's financed units
 * (Vigente or Vendida when it was registered); each unit is checked once on the lot and marked with one of four
 * results. Closing the audit turns the units not located and the ones sold but not paid into findings with a
 * deadline, and a unit found sold moves to Vendida (por liquidar) through the financed unit's machine.
 */
export const LOT_AUDIT_RESULT = { FOUND: 1, SOLD: 2, NOT_LOCATED: 3, IN_TRANSIT: 4 } as const;
export type LotAuditResult = (typeof LOT_AUDIT_RESULT)[keyof typeof LOT_AUDIT_RESULT];
export const LOT_AUDIT_RESULTS = [1, 2, 3, 4] as const satisfies readonly LotAuditResult[];

const RESULT_NAMES: Record<LotAuditResult, string> = {
  1: TEXT.resultFound,
  2: TEXT.resultSold,
  3: TEXT.resultNotLocated,
  4: TEXT.resultInTransit,
};

/** The result as the screens and the report show it; 'Sin revisar' for a unit not checked yet. */
export function lotAuditResultName(result: number | null | undefined): string {
  return RESULT_NAMES[result as LotAuditResult] ?? TEXT.resultPending;
}

/** The audit's own statuses (ours): 1 En curso while its units are checked, 2 Cerrada once closed. */
export const LOT_AUDIT_STATUS = { OPEN: 1, CLOSED: 2 } as const;
export type LotAuditStatus = (typeof LOT_AUDIT_STATUS)[keyof typeof LOT_AUDIT_STATUS];
export const LOT_AUDIT_STATUSES = [1, 2] as const satisfies readonly LotAuditStatus[];

export function lotAuditStatusName(status: number): string {
  return status === LOT_AUDIT_STATUS.CLOSED ? TEXT.statusClosed : TEXT.statusOpen;
}

/** The financed-unit statuses an audit snapshots: the units still on the dealer's lot or sold and not yet paid. */
export const LOT_AUDIT_SNAPSHOT_STATUSES = [FINANCED_UNIT_STATUS.CURRENT, FINANCED_UNIT_STATUS.SOLD] as const;

/** A unit not located gets this many business days (the lender's calendar) after the close to be shown or paid. */
export const LOT_AUDIT_FINDING_BUSINESS_DAYS = 5;

export type LotAuditFindingKind = 'notLocated' | 'soldUnpaid';

/**
 * Which checked units become findings (issue 29 §3: "units not found or sold-unpaid become exceptions of the audit
 * with a deadline"): No localizada, and Vendida while the unit is not paid (Vigente, Vendida or Vencida sin liquidar
 * in the register). A unit the CRM shows paid meanwhile is no risk left, whatever its result. Encontrada and En
 * tránsito are never findings.
 */
export function lotAuditFinding(result: number | null, unitStatus: number): LotAuditFindingKind | null {
  if (unitStatus === FINANCED_UNIT_STATUS.PAID) return null;
  if (result === LOT_AUDIT_RESULT.NOT_LOCATED) return 'notLocated';
  if (result === LOT_AUDIT_RESULT.SOLD) return 'soldUnpaid';
  return null;
}

export function lotAuditFindingName(kind: LotAuditFindingKind): string {
  return kind === 'notLocated' ? TEXT.findingNotLocated : TEXT.findingSoldUnpaid;
}

/**
 * A finding's deadline (YYYY-MM-DD): a unit sold and unpaid is due when its payoff is (the sale's grace, the same
 * date the sold-out-of-trust control watches); a unit not located has LOT_AUDIT_FINDING_BUSINESS_DAYS business days
 * from the day after the close (weekends and the lender's Días inhábiles skipped, as the grace counts).
 */
export function lotAuditFindingDeadline(input: {
  kind: LotAuditFindingKind;
  closeDay: string;
  payoffDueDate: string | null;
  nonWorkingDays: readonly NonWorkingDay[];
}): string {
  if (input.kind === 'soldUnpaid' && input.payoffDueDate) return input.payoffDueDate;
  return addBusinessDays(input.closeDay, LOT_AUDIT_FINDING_BUSINESS_DAYS, input.nonWorkingDays);
}

export type LotAuditProgress = { checked: number; total: number; pending: number; text: string };

/** How far the audit is: n of m units checked ('n de m'). */
export function lotAuditProgress(results: readonly (number | null)[]): LotAuditProgress {
  const total = results.length;
  const checked = results.filter((result) => result !== null).length;
  return { checked, total, pending: total - checked, text: TEXT.progress(checked, total) };
}

/**
 * A typed or scanned VIN as the audit searches it: upper case, no blanks. A Code 39 VIN label on a North American
 * car carries an 'I' (import) before the 17 characters; a scan of 18 characters that starts with it loses it.
 */
export function normalizeAuditVin(raw: string): string {
  const text = raw.replace(/\s+/g, '').toUpperCase();
  return text.length === 18 && text.startsWith('I') ? text.slice(1) : text;
}

/**
 * Why a searched VIN cannot be asked for, or null. A 17-character VIN must carry its check digit (a typing error
 * otherwise); a longer identifier (the spec allows 17 to 23) has none to check.
 */
export function lotAuditVinRefusal(raw: string): string | null {
  const vin = normalizeAuditVin(raw);
  if (vin === '') return TEXT.vinRequired;
  if (vin.length === 17 && !vinCheckDigitValid(vin)) return TEXT.vinCheckDigit(vin);
  return null;
}

/** The check's location: both numbers or neither; latitude −90…90, longitude −180…180. */
export function lotAuditLocationRefusal(latitude: number | null | undefined, longitude: number | null | undefined) {
  const given = [latitude, longitude].filter((value) => value !== null && value !== undefined);
  if (given.length === 0) return null;
  if (given.length === 1) return TEXT.locationInvalid;
  const ok = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;
  return ok(latitude!, 90) && ok(longitude!, 180) ? null : TEXT.locationInvalid;
}

/** The lender asks for a self-audit until `deadline`: not before today, not after the audit's last day. */
export function selfAuditDeadlineRefusal(input: { deadline: string; today: string; endDate: string }): string | null {
  if (input.deadline < input.today) return TEXT.deadlineInPast;
  if (input.deadline > input.endDate) return TEXT.deadlineAfterAudit;
  return null;
}

/**
 * What the machine reads of an audit: its status, the self-audit's deadline (null when none was requested), the
 * business's today and how many of its units are not checked yet.
 */
export type LotAuditEntity = {
  status: number;
  selfAuditDeadline: string | null;
  today: string;
  pending: number;
  /** How many of its units are checked already (what a change of company would orphan); 0 when not said. */
  checked?: number;
};
export type LotAuditAction = 'requestSelfAudit' | 'mark' | 'close' | 'edit' | 'changeCompany';

const LENDER = [USER_TYPE.SUPER_USER, USER_TYPE.PROVIDER_ADMIN, USER_TYPE.PROVIDER_OPERATOR] as const;
const DEALER = [USER_TYPE.LEGAL_REPRESENTATIVE, USER_TYPE.AGENCY_OPERATOR] as const;
const isDealerType = (type: number) => (DEALER as readonly number[]).includes(type);

/** A dealer works on an audit only as the self-audit the lender requested, and only until its deadline. */
function dealerMay(entity: LotAuditEntity, actor: StateActor): true | Refusal {
  if (!isDealerType(actor.type)) return true;
  if (entity.selfAuditDeadline === null)
    return { code: 'SELF_AUDIT_NOT_REQUESTED', message: TEXT.selfAuditNotRequested, httpStatus: 403 };
  if (entity.today > entity.selfAuditDeadline)
    return { code: 'SELF_AUDIT_EXPIRED', message: TEXT.selfAuditExpired(entity.selfAuditDeadline), httpStatus: 422 };
  return true;
}

const S = LOT_AUDIT_STATUS;

/**
 * - requestSelfAudit: the lender (types 1–3) asks the company to check its own units by a deadline; asked again, the
 *   deadline changes.
 * - mark: the auditor's side (types 1–3) or, for a requested self-audit before its deadline, the dealer (4, 5)
 *   records a unit's result; a unit may be marked again while the audit is open.
 * - close: the same people, once every unit is marked; the audit is Cerrada for good.
 * - edit: the lender changes an open audit (its form); changeCompany: only before any unit is checked, since the
 *   snapshot and its results are of the company the audit had.
 */
export const LOT_AUDIT_MACHINE = defineMachine<LotAuditStatus, LotAuditAction, LotAuditEntity>({
  name: 'lotAudit',
  statuses: LOT_AUDIT_STATUSES,
  statusOf: (entity) => entity.status as LotAuditStatus,
  wrongStatus: TEXT.auditClosed,
  transitions: [
    { action: 'requestSelfAudit', from: [S.OPEN], to: S.OPEN, who: LENDER },
    { action: 'edit', from: [S.OPEN], to: S.OPEN, who: LENDER },
    {
      action: 'changeCompany',
      from: [S.OPEN],
      to: S.OPEN,
      who: LENDER,
      needs: (entity) =>
        (entity.checked ?? 0) === 0 || {
          code: 'AUDIT_UNITS_CHECKED',
          message: TEXT.companyFixedOnceChecked,
          httpStatus: 422,
        },
    },
    { action: 'mark', from: [S.OPEN], to: S.OPEN, who: [...LENDER, ...DEALER], needs: dealerMay },
    {
      action: 'close',
      from: [S.OPEN],
      to: S.CLOSED,
      who: [...LENDER, ...DEALER],
      needs: (entity, actor) => {
        const dealer = dealerMay(entity, actor);
        if (dealer !== true) return dealer;
        return (
          entity.pending === 0 || {
            code: 'AUDIT_UNITS_PENDING',
            message: TEXT.pendingUnits(entity.pending),
            httpStatus: 422,
          }
        );
      },
    },
  ],
});

export function askLotAudit(
  actor: StateActor,
  action: LotAuditAction,
  entity: LotAuditEntity,
): Verdict<LotAuditStatus> {
  return askMachine(LOT_AUDIT_MACHINE, actor, action, entity);
}
