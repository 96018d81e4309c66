import { USER_TYPE, type UserType } from '../user-types';

/** Who is asking: its type, and for a dealer its account and active company. */
export type ScopeActor = { id: number; type: UserType; accountId: number | null; companyId: number | null };

/**
 * The users an actor may see, and so list, get, edit, toggle, resend or read the companies of (spec 1 §6,
 * docs/decisions/008 and 064). The API applies it in the WHERE clause of every users query, so a row outside it
 * is simply not found (ARCHITECTURE §6). Archived users are outside every scope.
 */
export type UserScope =
  | { kind: 'all' }
  /** The users the actor registered (an administrator's operators). */
  | { kind: 'registered'; by: number }
  /** The users of the accounts assigned to the operator today — whoever registered them (decision 064). */
  | { kind: 'operated-accounts'; operator: number }
  | { kind: 'company'; accountId: number; companyId: number }
  | { kind: 'none' };

/**
 * Type 1 sees everyone; type 2 the users it registered; type 3 the users of the accounts it operates **today**:
 * when an account moves to another operator, its dealers move with it, for reads and writes alike, and the first
 * operator keeps no power over them even over the users it registered itself (issue 27 §2, decision 064); type 4
 * the users of its own account and active company; type 5 nobody.
 */
export function userScopeOf(actor: ScopeActor): UserScope {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
      return { kind: 'all' };
    case USER_TYPE.PROVIDER_ADMIN:
      return { kind: 'registered', by: actor.id };
    case USER_TYPE.PROVIDER_OPERATOR:
      return { kind: 'operated-accounts', operator: actor.id };
    case USER_TYPE.LEGAL_REPRESENTATIVE:
      return actor.accountId && actor.companyId
        ? { kind: 'company', accountId: actor.accountId, companyId: actor.companyId }
        : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** What the scope reads of a user row, and the world it is read against. */
export type ScopedUser = {
  registerBy: number | null;
  accountId: number | null;
  companyId: number | null;
  isArchived: boolean;
  /** The companies assigned to the user. */
  assignedCompanyIds: readonly number[];
};

/**
 * The same rule over one row, for what cannot be a WHERE clause (and the rule's unit test): whether `user` is in
 * `scope`, given the accounts the operator of an `operated-accounts` scope operates today.
 */
export function isInUserScope(scope: UserScope, user: ScopedUser, operatedAccountIds: readonly number[]): boolean {
  if (user.isArchived) return false;
  switch (scope.kind) {
    case 'all':
      return true;
    case 'registered':
      return user.registerBy === scope.by;
    case 'operated-accounts':
      return user.accountId !== null && operatedAccountIds.includes(user.accountId);
    case 'company':
      return (
        user.accountId === scope.accountId &&
        (user.companyId === scope.companyId || user.assignedCompanyIds.includes(scope.companyId))
      );
    case 'none':
      return false;
  }
}
