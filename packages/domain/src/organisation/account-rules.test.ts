import { describe, expect, it } from 'vitest';
import { accountListFor, accountTypeLabel } from './account-rules';

describe('accountListFor (spec 2 §2, §6)', () => {
  it.each([
    [1, { operatorColumn: true, view: true, editOperator: true, edit: false, statusToggle: false }],
    [2, { operatorColumn: true, view: true, editOperator: false, edit: false, statusToggle: false }],
    [3, { operatorColumn: false, view: false, editOperator: false, edit: true, statusToggle: true }],
  ] as const)('type %i', (type, expected) => {
    expect(accountListFor(type)).toMatchObject(expected);
  });

  it('labels the account types', () => {
    expect(accountTypeLabel(1)).toBe('Holding');
    expect(accountTypeLabel(2)).toBe('Persona moral/física');
  });
});
