import { describe, expect, it } from 'vitest';
import {
  canEditUser,
  canResendTemporaryPassword,
  createdUserType,
  roleTypesForCreatedUser,
  roleTypesInUserFilter,
  roleTypesOfferedInUserForm,
  showsOrganisationFilters,
} from './rules';

describe('user creation (spec 1 §6)', () => {
  it.each([
    [1, null, 2],
    [1, 5, 2],
    [2, null, 3],
    [3, 4, 4],
    [3, 5, 5],
    [3, 2, null],
    [3, null, null],
    [4, null, 5],
    [5, 5, null],
  ] as const)('creator type %i with a role of type %j creates type %j', (creator, roleType, created) => {
    expect(createdUserType(creator, roleType)).toBe(created);
  });

  it.each([
    [1, [2, 3, 4, 5]],
    [2, [3, 4, 5]],
    [3, [4, 5]],
    [4, [5]],
    [5, []],
  ] as const)('the user form offers type %i the role types %j', (creator, types) => {
    expect(roleTypesOfferedInUserForm(creator)).toEqual(types);
  });

  it.each([
    [1, [2]],
    [2, [3]],
    [3, [4, 5]],
    [4, [5]],
    [5, []],
  ] as const)('a user created by type %i may hold the role types %j', (creator, types) => {
    expect(roleTypesForCreatedUser(creator)).toEqual(types);
    for (const type of types) expect(createdUserType(creator, type)).toBe(type);
  });

  it.each([
    [2, [3]],
    [3, [4, 5]],
    [4, [5]],
  ] as const)('the role filter offers type %i the role types %j', (actor, types) => {
    expect(roleTypesInUserFilter(actor)).toEqual(types);
  });

  it.each([
    [1, true],
    [2, false],
    [3, true],
    [4, false],
  ] as const)('type %i sees account, company and agency filters: %s', (actor, shown) => {
    expect(showsOrganisationFilters(actor)).toBe(shown);
  });
});

describe('row actions (spec 1 §6)', () => {
  it.each([
    [{ id: 1, type: 1 }, { id: 2, type: 2 }, true],
    [{ id: 1, type: 1 }, { id: 3, type: 3 }, false],
    [{ id: 1, type: 1 }, { id: 1, type: 1 }, false],
    [{ id: 2, type: 2 }, { id: 3, type: 3 }, true],
    [{ id: 2, type: 2 }, { id: 2, type: 2 }, false],
    [{ id: 4, type: 4 }, { id: 5, type: 5 }, true],
  ] as const)('actor %j may edit %j: %s', (actor, row, allowed) => {
    expect(canEditUser(actor, row)).toBe(allowed);
  });

  it.each([
    [1, true],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
  ] as const)('type %i may resend a temporary password: %s', (type, allowed) => {
    expect(canResendTemporaryPassword(type)).toBe(allowed);
  });
});
