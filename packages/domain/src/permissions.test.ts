import { describe, expect, it } from 'vitest';
import { API_PERMISSIONS, accessFor, isAllowed } from './permissions';

describe('API permission table', () => {
  it.each([
    ['public', null, true],
    ['public', 3, true],
    ['authenticated', null, false],
    ['authenticated', 5, true],
    [[4, 5], 4, true],
    [[4, 5], 2, false],
    [[4, 5], null, false],
  ] as const)('%j allows %j: %s', (access, type, allowed) => {
    expect(isAllowed(access, type)).toBe(allowed);
  });

  it('keys every operation as METHOD /api/path', () => {
    for (const key of Object.keys(API_PERMISSIONS)) {
      expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api(\/[\w\-:{}*.]*)*$/);
    }
  });

  it('lets only dealers switch their active company', () => {
    expect(accessFor('POST /api/auth/set-information')).toEqual([4, 5]);
    expect(accessFor('POST /api/nope')).toBeUndefined();
  });
});
