import { USER_TYPE, type UserType } from '../user-types';

/** 1 Holding, 2 Persona moral/física (spec 2 §9). */
export const ACCOUNT_TYPE = { HOLDING: 1, PERSON: 2 } as const;
export const accountTypeLabel = (type: number) => (type === ACCOUNT_TYPE.HOLDING ? 'Holding' : 'Persona moral/física');

/**
 * What the accounts list shows each user type (spec 2 §2 "Accounts", §6): the operator column and filter for types
 * 1 and 2; for type 3 edit, configure, archive and the status column; the view modal for types 1 and 2; the
 * edit-operator modal for type 1.
 */
export function accountListFor(type: UserType) {
  const lender = type === USER_TYPE.SUPER_USER || type === USER_TYPE.PROVIDER_ADMIN;
  const operator = type === USER_TYPE.PROVIDER_OPERATOR;
  return {
    operatorColumn: lender,
    operatorFilter: lender,
    view: lender,
    editOperator: type === USER_TYPE.SUPER_USER,
    edit: operator,
    configure: operator,
    archive: operator,
    statusToggle: operator,
  };
}

/** The wizard's steps (spec 2 §2), in order. */
export const ACCOUNT_WIZARD_STEPS = ['Datos', 'Empresas', 'Repr. Legal', 'Registro finalizados'] as const;

/**
 * The CRM has no id of its own for a legal representative (RepresentantesLegales answers a list per client), so the
 * wizard names one by its client number and its place in that list: '10004-1' (decision 014).
 */
export const crmLegalId = (clientNumber: string, position: number) => `${clientNumber}-${position + 1}`;

/**
 * How many companies an account has (spec 2 §4): a Persona moral/física (type 2) exactly one, a Holding one or more.
 * The wizard, the account edit and the API all ask here.
 */
export const companyCountValid = (type: number, companies: number) =>
  type === ACCOUNT_TYPE.HOLDING ? companies >= 1 : companies === 1;

/** Whether one more company may be added (the wizard's 'Empresas' step, the account edit). */
export const canAddCompany = (type: number | null, companies: number) =>
  type === ACCOUNT_TYPE.HOLDING || companies === 0;
