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
