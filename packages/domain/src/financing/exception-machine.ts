import { EXCEPTION_STATUS } from '../contracts/exceptions';
import { EVIDENCE_TYPE } from '../contracts/files';
import { FINANCING_MESSAGES } from '../messages-financing';
import { defineMachine } from '../state-machine';
import { USER_TYPE } from '../user-types';

/** An exception's status code (spec 3 §4): 0 pending, 1 reviewed by the operator, 2 approved, 3 rejected. */
export type ExceptionStatus = (typeof EXCEPTION_STATUS)[keyof typeof EXCEPTION_STATUS];
export const EXCEPTION_STATUSES = [0, 1, 2, 3] as const satisfies readonly ExceptionStatus[];

/** Enviar observaciones (type 3), Aprobar and Rechazar (type 2). */
export type ExceptionAction = 'review' | 'approve' | 'reject';

export type ExceptionEntity = { status: number };

/**
 * The exceptions' machine (spec 3 §4 "Exception states"), read by the server (PUT /api/exceptions/{id} through
 * applyTransition) and the screen: the account's operator (type 3) sends its observations on a pending request
 * (0 → 1); an administrator (type 2) approves (1 → 2) or rejects (1 → 3) a reviewed one. Everything else is refused.
 */
export const EXCEPTION_MACHINE = defineMachine<ExceptionStatus, ExceptionAction, ExceptionEntity>({
  name: 'exception',
  statuses: EXCEPTION_STATUSES,
  statusOf: (entity) => entity.status as ExceptionStatus,
  wrongStatus: FINANCING_MESSAGES.exceptionStatusNotAllowed,
  transitions: [
    { action: 'review', from: [0], to: 1, who: [USER_TYPE.PROVIDER_OPERATOR] },
    { action: 'approve', from: [1], to: 2, who: [USER_TYPE.PROVIDER_ADMIN] },
    { action: 'reject', from: [1], to: 3, who: [USER_TYPE.PROVIDER_ADMIN] },
  ],
});

/** The action a PUT asks for by the status it sends (spec 3 §7: the screens send the target status). */
export function exceptionActionFor(status: number): ExceptionAction | null {
  if (status === EXCEPTION_STATUS.REVIEWED) return 'review';
  if (status === EXCEPTION_STATUS.APPROVED) return 'approve';
  if (status === EXCEPTION_STATUS.REJECTED) return 'reject';
  return null;
}

/** The evidence type each step attaches (spec 3 §3 "Evidence"): 5 the operator's, 6 the administrator's. */
export const EXCEPTION_EVIDENCE_OF_ACTION = {
  review: EVIDENCE_TYPE.EXCEPTION_OPERATOR,
  approve: EVIDENCE_TYPE.EXCEPTION_ADMINISTRATOR,
  reject: EVIDENCE_TYPE.EXCEPTION_ADMINISTRATOR,
} as const satisfies Record<ExceptionAction, number>;

/**
 * The statuses each type's list asks for (spec 3 §4): type 5 sees its pending and answered requests (0, 2, 3),
 * type 3 the pending ones it must review (0), type 2 the reviewed ones it must decide (1). Other types: none.
 */
export const EXCEPTION_LIST_STATUSES: Readonly<Record<number, readonly ExceptionStatus[]>> = {
  [USER_TYPE.AGENCY_OPERATOR]: [0, 2, 3],
  [USER_TYPE.PROVIDER_OPERATOR]: [0],
  [USER_TYPE.PROVIDER_ADMIN]: [1],
};

export function exceptionListStatuses(type: number): readonly ExceptionStatus[] {
  return EXCEPTION_LIST_STATUSES[type] ?? [];
}

/** Spec 3 §4: the administrator's approval writes this commentAF; a rejection writes the typed comment. */
export const EXCEPTION_APPROVAL_COMMENT = FINANCING_MESSAGES.exceptionApprovalComment;

/** Spec 3 §4: type 5 may download the administrator's evidence only of a rejected exception. */
export function mayDownloadAdminEvidence(status: number, evidences: readonly { type: number }[]): boolean {
  return (
    status === EXCEPTION_STATUS.REJECTED && evidences.some((e) => e.type === EVIDENCE_TYPE.EXCEPTION_ADMINISTRATOR)
  );
}
