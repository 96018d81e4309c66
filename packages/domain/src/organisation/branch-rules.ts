import { USER_TYPE, type UserType } from '../user-types';

/**
 * What the branches list shows each user type (spec 2 §2 "Branches", §6): the account filter is hidden for type 4,
 * the company filter is for types 1 and 2 only; type 4 has neither the edit action nor the status column.
 */
export function branchListFor(type: UserType) {
  const legal = type === USER_TYPE.LEGAL_REPRESENTATIVE;
  return {
    accountFilter: !legal,
    companyFilter: type === USER_TYPE.SUPER_USER || type === USER_TYPE.PROVIDER_ADMIN,
    edit: !legal,
    statusToggle: !legal,
  };
}
