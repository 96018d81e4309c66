import { USER_TYPE, type UserType } from '@planpiso/domain';

type Actor = { id: number; type: UserType; accountId: number | null; companyId: number | null };

/** Which accounts (and so which of their companies) an actor may look up (spec 2 §6, ARCHITECTURE §6). */
export type AccountScope = { kind: 'all' } | OperatedScope | { kind: 'own'; accountId: number } | { kind: 'none' };

/**
 * The accounts assigned to the lender's staff (spec 2 §6 "assigned to them"): to the operator itself (`levels` 0),
 * or to the operators an administrator registered (1). The super user sees every account. Decision 014.
 */
export type OperatedScope = { kind: 'operated'; by: number; levels: 0 | 1 };

/** Which branches an actor may look up. */
export type AgencyScope =
  | { kind: 'all' }
  | OperatedScope
  | { kind: 'account'; accountId: number }
  | { kind: 'company'; accountId: number; companyId: number }
  | { kind: 'none' };

/**
 * Types 1 and 2 see every account until the organisation issue narrows them; type 3 only the accounts assigned
 * to it (spec 1 §6 "it can list its assigned accounts"); dealers only their own.
 */
export function accountScopeOf(actor: Actor): AccountScope {
  return lenderScopeOf(actor) ?? (actor.accountId ? { kind: 'own', accountId: actor.accountId } : { kind: 'none' });
}

/** The lender's staff reach accounts and branches alike: all of them, or those operated (decision 014). */
function lenderScopeOf(actor: Actor): { kind: 'all' } | OperatedScope | undefined {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
      return { kind: 'all' };
    case USER_TYPE.PROVIDER_ADMIN:
      return { kind: 'operated', by: actor.id, levels: 1 };
    case USER_TYPE.PROVIDER_OPERATOR:
      return { kind: 'operated', by: actor.id, levels: 0 };
    default:
      return undefined;
  }
}

/**
 * Branches follow the accounts: type 3 sees those of its assigned accounts (not every branch: the user form only
 * ever needs branches of a company it may choose); a legal representative every branch of its own account, whatever
 * company the header has chosen (spec 2 §6 "sees only branches of its own account"; the user form narrows to the
 * active company with `company=`); an agency operator those of its account and active company.
 */
export function agencyScopeOf(actor: Actor): AgencyScope {
  const lender = lenderScopeOf(actor);
  if (lender) return lender;
  switch (actor.type) {
    case USER_TYPE.LEGAL_REPRESENTATIVE:
      return actor.accountId ? { kind: 'account', accountId: actor.accountId } : { kind: 'none' };
    default:
      return actor.accountId && actor.companyId
        ? { kind: 'company', accountId: actor.accountId, companyId: actor.companyId }
        : { kind: 'none' };
  }
}
