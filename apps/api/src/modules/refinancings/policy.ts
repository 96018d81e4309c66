import { USER_TYPE, refinancingVisibility } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { accountScopeOf, type AccountScope } from '../organisation-lookups';

/**
 * Which refinancings and financed units a caller reaches (spec 3 §4 "Visibility", §6; decision 044), put in the
 * WHERE of every read so a foreign row is simply not found (ARCHITECTURE §6):
 * - types 1, 2 and 3: the accounts their scope reaches (decision 014);
 * - types 4 and 5: their active company.
 * The statuses each type sees are the domain's `refinancingVisibility`.
 */
export type RefinancingScope =
  { kind: 'lender'; accounts: AccountScope } | { kind: 'company'; companyId: number } | { kind: 'none' };

export function refinancingScopeOf(actor: AuthUser): RefinancingScope {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
    case USER_TYPE.PROVIDER_ADMIN:
    case USER_TYPE.PROVIDER_OPERATOR:
      return { kind: 'lender', accounts: accountScopeOf(actor) };
    case USER_TYPE.LEGAL_REPRESENTATIVE:
    case USER_TYPE.AGENCY_OPERATOR:
      return actor.companyId ? { kind: 'company', companyId: actor.companyId } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

export const visibleRefinancingStatuses = (actor: AuthUser): readonly number[] =>
  refinancingVisibility(actor.type).statuses;
