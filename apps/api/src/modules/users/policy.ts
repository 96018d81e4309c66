import { USER_TYPE, type UserType } from '@planpiso/domain';

type Actor = { id: number; type: UserType; accountId: number | null; companyId: number | null };

/**
 * The rows of the users table an actor may see, and so get, edit, toggle or resend (spec 1 §6). Applied in
 * the WHERE clause of every users query, so a row outside it is simply not found (ARCHITECTURE §6).
 * Archived users are outside every scope.
 */
export type UserScope =
  | { kind: 'all' }
  /** Users the actor registered; for an operator also every user of the accounts assigned to it. */
  | { kind: 'registered'; by: number; withOperatedAccounts: boolean }
  | { kind: 'company'; accountId: number; companyId: number }
  | { kind: 'none' };

/**
 * Type 1 sees everyone; type 2 the users it registered; type 3 the users it registered plus the users of the
 * accounts assigned to it (docs/decisions/008: an account changes operator, and its dealers must not become
 * invisible to the new one); type 4 the users of its own account and active company; type 5 nobody.
 */
export function userScopeOf(actor: Actor): UserScope {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
      return { kind: 'all' };
    case USER_TYPE.PROVIDER_ADMIN:
      return { kind: 'registered', by: actor.id, withOperatedAccounts: false };
    case USER_TYPE.PROVIDER_OPERATOR:
      return { kind: 'registered', by: actor.id, withOperatedAccounts: true };
    case USER_TYPE.LEGAL_REPRESENTATIVE:
      return actor.accountId && actor.companyId
        ? { kind: 'company', accountId: actor.accountId, companyId: actor.companyId }
        : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
