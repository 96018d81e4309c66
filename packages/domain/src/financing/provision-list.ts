import { EXCEPTION_STATUS } from '../contracts/exceptions';
import { FINANCING_MESSAGES } from '../messages-financing';
import { USER_TYPE, isDealer, type UserType } from '../user-types';
import { canProvisionAction } from './provision-machine';
import { PROVISION_STATUS, PROVISION_STATUS_NAMES, type ProvisionStatus } from './provision-status';

/**
 * The provisions list /disposiciones as each user type sees it (spec 3 §2 "Provisions list", §6): which statuses it
 * may filter by (the server applies the same scope), which filters it gets and which row actions each row offers.
 * Pure, so the screen and its tests read one table.
 */

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => (from + i) as ProvisionStatus);

/**
 * The statuses each user type sees, as a range (spec 3 §2 "Visibility by role", §6): types 1 and 2 from Validación
 * to Autorizado (LIBERADO, 3–10); the account's operator (type 3) also Enviada a validar, which it is told about
 * (2–10, decision 031); type 4 from Enviada a firmar (5–10); type 5 every status (1–11). The server's scope and the
 * list's status filter both read it.
 */
export function visibleProvisionStatusRange(type: UserType): readonly [ProvisionStatus, ProvisionStatus] {
  if (type === USER_TYPE.AGENCY_OPERATOR) return [PROVISION_STATUS.CREATED, PROVISION_STATUS.CANCELLED];
  if (type === USER_TYPE.PROVIDER_OPERATOR) return [PROVISION_STATUS.SENT_TO_VALIDATE, PROVISION_STATUS.RELEASED];
  if (type === USER_TYPE.LEGAL_REPRESENTATIVE) return [PROVISION_STATUS.SENT_TO_SIGN, PROVISION_STATUS.RELEASED];
  return [PROVISION_STATUS.LENDER_VALIDATION, PROVISION_STATUS.RELEASED];
}

export function visibleProvisionStatuses(type: UserType): readonly ProvisionStatus[] {
  return range(...visibleProvisionStatusRange(type));
}

/** One choice of the status filter: a name, and every code that bears it (8 and 10 are both 'Autorizado'). */
export type ProvisionStatusOption = { value: string; label: string; codes: readonly ProvisionStatus[] };

/** The status filter's choices for a user type, one per name, in code order; `value` is the first code. */
export function provisionStatusOptions(type: UserType): ProvisionStatusOption[] {
  const options: ProvisionStatusOption[] = [];
  for (const code of visibleProvisionStatuses(type)) {
    const label = PROVISION_STATUS_NAMES[code];
    const same = options.find((o) => o.label === label);
    if (same) (same.codes as ProvisionStatus[]).push(code);
    else options.push({ value: String(code), label, codes: [code] });
  }
  return options;
}

/**
 * The codes the list call asks for when the status filter holds `value` (a status code as the URL carries it): the
 * code and every visible code of the same name; nothing for a value that is no status.
 */
export function provisionStatusCodes(type: UserType, value: string | undefined): ProvisionStatus[] {
  const option = provisionStatusOptions(type).find((o) => o.codes.some((c) => String(c) === value));
  return option ? [...option.codes] : [];
}

export type ProvisionListFilters = {
  /** Customer name (companyName contains): lender types 1 and 3. */
  customer: boolean;
  /** Branch (the user's branches): dealer types 4 and 5. */
  branch: boolean;
  /** The credit-line selector with the available balance, which also filters the list: dealer types. */
  creditLine: boolean;
};

/** Which of the list's type-dependent filters a user type gets (spec 3 §2); number, operator, status, dates: all. */
export function provisionListFilters(type: UserType): ProvisionListFilters {
  const dealer = isDealer(type);
  return {
    customer: type === USER_TYPE.SUPER_USER || type === USER_TYPE.PROVIDER_OPERATOR,
    branch: dealer,
    creditLine: dealer,
  };
}

/** The customer column shows the company to the lender, the operator who registered it to the dealer (spec 3 §2). */
export const provisionListShowsOperator = (type: UserType): boolean => isDealer(type);

/**
 * A row's actions (spec 3 §2 "Row links", §4 "Transitions"):
 * - edit (/editar-disposicion/{id}) and send to validation: what the provisions' state machine allows — type 5 at
 *   status 1 (`canProvisionAction`);
 * - view (/vizualizar-disposicion/{id}) and record (/vizualizar-expediente/{id}): every row;
 * - sign (/firmar-disposicion/{id}, 'Firmar documentos'): type 4 while the documents are out for signature, statuses
 *   5 (Enviada a firmar) and 6 (Proceso firma).
 */
export type ProvisionRowAction = 'edit' | 'send' | 'view' | 'record' | 'sign';

const SIGNING_STATUSES: readonly number[] = [PROVISION_STATUS.SENT_TO_SIGN, PROVISION_STATUS.SIGNING];

export const canSignProvision = (type: UserType, status: number): boolean =>
  type === USER_TYPE.LEGAL_REPRESENTATIVE && SIGNING_STATUSES.includes(status);

export function provisionRowActions(type: UserType, status: number): ProvisionRowAction[] {
  const actions: ProvisionRowAction[] = [];
  if (canProvisionAction('edit', type, status)) actions.push('edit');
  if (canProvisionAction('send', type, status)) actions.push('send');
  actions.push('view', 'record');
  if (canSignProvision(type, status)) actions.push('sign');
  return actions;
}

/** Where each link action goes (the target screens of spec 3 §2). */
export const PROVISION_ROW_LINKS: Readonly<Record<Exclude<ProvisionRowAction, 'send'>, (id: number) => string>> = {
  edit: (id) => `/editar-disposicion/${id}`,
  view: (id) => `/vizualizar-disposicion/${id}`,
  record: (id) => `/vizualizar-expediente/${id}`,
  sign: (id) => `/firmar-disposicion/${id}`,
};

/**
 * The title-bar buttons' local flags (spec 3 §9 "Local flags createDisabled and exceptionDisabled control whether a
 * dealer may create a provision or request an exception"; decision 031). Each is set when its stored local flag is
 * set (the spec's switch, kept as it was), or derived from what the server says now:
 * - createDisabled: the operating window is closed (non-working day, hours not started or ended, spec 3 §5) — the
 *   create would be refused anyway. The eligibility does not disable it: Crear Nuevo runs the pre-check and its
 *   dialog says why the dealer may not draw.
 * - exceptionDisabled: the user has no account or no company (a request names both), or the company's latest
 *   exception is still open (0 pending, 1 reviewed by the operator): a second request would only queue behind it.
 * Unknown answers (still loading, failed) disable nothing: the server refuses what it must.
 */
export type ProvisionButtonFlags = { createDisabled: boolean; exceptionDisabled: boolean };

export type ProvisionFlagFacts = {
  stored: ProvisionButtonFlags;
  /** The operating window's verdict, or null while unknown. */
  windowAllowed: boolean | null;
  /** The eligibility answer (GET /api/audits/validate-process), or null while unknown. */
  eligibility: { messages: readonly string[]; latestExceptionStatus: number | null } | null;
};

const OPEN_EXCEPTION_STATUSES: readonly number[] = [EXCEPTION_STATUS.PENDING, EXCEPTION_STATUS.REVIEWED];

export function provisionButtonFlags({ stored, windowAllowed, eligibility }: ProvisionFlagFacts): ProvisionButtonFlags {
  const unplaced =
    eligibility?.messages.some(
      (m) => m === FINANCING_MESSAGES.userWithoutAccount || m === FINANCING_MESSAGES.userWithoutCompany,
    ) ?? false;
  const exceptionOpen =
    eligibility?.latestExceptionStatus !== null &&
    eligibility?.latestExceptionStatus !== undefined &&
    OPEN_EXCEPTION_STATUSES.includes(eligibility.latestExceptionStatus);
  return {
    createDisabled: stored.createDisabled || windowAllowed === false,
    exceptionDisabled: stored.exceptionDisabled || unplaced || exceptionOpen,
  };
}
