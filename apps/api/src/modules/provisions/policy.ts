import { USER_TYPE, visibleProvisionStatusRange } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { accountScopeOf, type AccountScope } from '../organisation-lookups';

/**
 * Which provisions a caller reads (spec 3 §2 "Visibility by role", §6; decision 029), put in the WHERE clause of
 * every list and get so a foreign provision is simply not found (ARCHITECTURE §6):
 * - types 1, 2 and 3: statuses 3–10 of the accounts their scope reaches (1 every account, 2 those of the operators
 *   it registered, 3 those it operates — decision 014);
 * - type 4: statuses 5–10 of the companies assigned to it (user_companies, decision 024);
 * - type 5: every status of its active company (the list's registerBy filter narrows to one operator).
 */
export type ProvisionScope =
  | { kind: 'lender'; accounts: AccountScope; statuses: readonly [number, number] }
  | { kind: 'legal'; userId: number; statuses: readonly [number, number] }
  | { kind: 'dealer'; companyId: number }
  | { kind: 'none' };

/** The account's operator's statuses (the domain's range for type 3), also for its list read by types 1 and 2. */
export const OPERATOR_STATUSES = visibleProvisionStatusRange(USER_TYPE.PROVIDER_OPERATOR);

export function provisionScopeOf(actor: AuthUser): ProvisionScope {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
    case USER_TYPE.PROVIDER_ADMIN:
    case USER_TYPE.PROVIDER_OPERATOR:
      return { kind: 'lender', accounts: accountScopeOf(actor), statuses: visibleProvisionStatusRange(actor.type) };
    case USER_TYPE.LEGAL_REPRESENTATIVE:
      return actor.accountId
        ? { kind: 'legal', userId: actor.id, statuses: visibleProvisionStatusRange(actor.type) }
        : { kind: 'none' };
    case USER_TYPE.AGENCY_OPERATOR:
      return actor.companyId ? { kind: 'dealer', companyId: actor.companyId } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/**
 * GET /provisions/account-assigned/{userId}: the list of an operator (type 3). The operator asks for itself; types
 * 1 and 2 may ask for an operator they reach (the service checks the user is a type 3 in their scope).
 */
export function mayReadAssignedListOf(actor: AuthUser, userId: number): 'self' | 'other' | false {
  if (actor.type === USER_TYPE.PROVIDER_OPERATOR) return actor.id === userId ? 'self' : false;
  if (actor.type === USER_TYPE.SUPER_USER || actor.type === USER_TYPE.PROVIDER_ADMIN) return 'other';
  return false;
}
