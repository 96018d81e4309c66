import { describe, expect, it } from 'vitest';
import { ALL_OPERATIONS } from './index';
import { IDENTITY_OPERATIONS, IDENTITY_PATH, isIdentityPath } from './identity';

describe('the identity operations and the refresh cookie’s path', () => {
  it('every identity operation is under IDENTITY_PATH, so the refresh cookie reaches refresh and sign-out', () => {
    for (const operation of Object.values(IDENTITY_OPERATIONS)) {
      expect(operation.path.startsWith(`${IDENTITY_PATH}/`), operation.path).toBe(true);
    }
  });

  it('no other operation is, so no other call carries the cookie or has its 401 read as a wrong password', () => {
    const identity = new Set<unknown>(Object.values(IDENTITY_OPERATIONS));
    const others = ALL_OPERATIONS.filter((operation) => !identity.has(operation) && isIdentityPath(operation.path));
    expect(others.map((operation) => operation.path)).toEqual([]);
  });

  it('tells identity paths from the rest by the whole segment', () => {
    expect(isIdentityPath('/api/identity/sign-in')).toBe(true);
    expect(isIdentityPath('/api/identity-cards')).toBe(false);
    expect(isIdentityPath('/api/users')).toBe(false);
  });
});
