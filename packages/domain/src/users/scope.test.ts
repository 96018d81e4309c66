import { describe, expect, it } from 'vitest';
import { isInUserScope, userScopeOf, type ScopedUser } from './scope';

const operator = { id: 30, type: 3 as const, accountId: null, companyId: null };
const dealer = (over: Partial<ScopedUser> = {}): ScopedUser => ({
  registerBy: operator.id,
  accountId: 7,
  companyId: 70,
  isArchived: false,
  assignedCompanyIds: [70],
  ...over,
});

describe('the users an actor acts on (spec 1 §6, issue 27 §2, decision 064)', () => {
  it('gives a lender operator the users of the accounts it operates today, not the ones it registered', () => {
    const scope = userScopeOf(operator);
    expect(scope).toEqual({ kind: 'operated-accounts', operator: 30 });
    // It registered the dealer and operates its account: in scope.
    expect(isInUserScope(scope, dealer(), [7])).toBe(true);
    // The account moved to another operator: the dealer it registered is out of its reach.
    expect(isInUserScope(scope, dealer(), [8])).toBe(false);
    // A dealer someone else registered, of an account it operates today: in scope.
    expect(isInUserScope(scope, dealer({ registerBy: 99 }), [7])).toBe(true);
    // Lender staff with no account never are.
    expect(isInUserScope(scope, dealer({ accountId: null }), [7])).toBe(false);
  });

  it('keeps the other types as they were', () => {
    expect(isInUserScope(userScopeOf({ id: 1, type: 1, accountId: null, companyId: null }), dealer(), [])).toBe(true);
    const admin = userScopeOf({ id: 20, type: 2, accountId: null, companyId: null });
    expect(isInUserScope(admin, dealer({ registerBy: 20 }), [])).toBe(true);
    expect(isInUserScope(admin, dealer(), [])).toBe(false);
    const rep = userScopeOf({ id: 40, type: 4, accountId: 7, companyId: 71 });
    expect(isInUserScope(rep, dealer({ assignedCompanyIds: [70, 71] }), [])).toBe(true);
    expect(isInUserScope(rep, dealer(), [])).toBe(false);
    expect(userScopeOf({ id: 40, type: 4, accountId: null, companyId: null })).toEqual({ kind: 'none' });
    expect(userScopeOf({ id: 50, type: 5, accountId: 7, companyId: 70 })).toEqual({ kind: 'none' });
  });

  it('leaves archived users outside every scope', () => {
    expect(isInUserScope({ kind: 'all' }, dealer({ isArchived: true }), [])).toBe(false);
  });
});
