import { USER_TYPE } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { accountScopeOf, type AccountScope } from '../organisation-lookups';

/**
 * Which exceptions a caller reads (spec 3 §4, §6; ARCHITECTURE §6), in the WHERE clause of the list and the get:
 * the dealer operator (type 5) its own account's active company's; the lender's operator (3) the accounts it
 * operates; its administrator (2) the accounts of the operators it registered (decision 014). Nobody else.
 */
export type ExceptionScope =
  | { kind: 'company'; accountId: number; companyId: number }
  | { kind: 'accounts'; accounts: AccountScope }
  | { kind: 'none' };

export function exceptionScopeOf(actor: AuthUser): ExceptionScope {
  switch (actor.type) {
    case USER_TYPE.PROVIDER_ADMIN:
    case USER_TYPE.PROVIDER_OPERATOR:
      return { kind: 'accounts', accounts: accountScopeOf(actor) };
    case USER_TYPE.AGENCY_OPERATOR:
      return actor.accountId && actor.companyId
        ? { kind: 'company', accountId: actor.accountId, companyId: actor.companyId }
        : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
