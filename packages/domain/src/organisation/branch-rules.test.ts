import { describe, expect, it } from 'vitest';
import { branchListFor } from './branch-rules';

describe('branchListFor (spec 2 §2, §6)', () => {
  it.each([
    [1, { accountFilter: true, companyFilter: true, edit: true, statusToggle: true }],
    [2, { accountFilter: true, companyFilter: true, edit: true, statusToggle: true }],
    [3, { accountFilter: true, companyFilter: false, edit: true, statusToggle: true }],
    [4, { accountFilter: false, companyFilter: false, edit: false, statusToggle: false }],
  ] as const)('type %i', (type, expected) => {
    expect(branchListFor(type)).toEqual(expected);
  });
});
