import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_WIZARD_STEPS,
  accountListFor,
  accountTypeLabel,
  canAddCompany,
  companyCountValid,
  crmLegalId,
} from './account-rules';
import { PHONE_PATTERN } from '../limits';

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

describe('the account wizard (spec 2 §2, §4, §5)', () => {
  it('has the four steps in order', () => {
    expect(ACCOUNT_WIZARD_STEPS).toEqual(['Datos', 'Empresas', 'Repr. Legal', 'Registro finalizados']);
  });

  it('lets a Holding add several companies and a Persona moral/física only one', () => {
    expect(canAddCompany(1, 3)).toBe(true);
    expect(canAddCompany(2, 0)).toBe(true);
    expect(canAddCompany(2, 1)).toBe(false);
  });

  it('names a CRM legal representative by client number and place, and checks phones of 8–13 digits', () => {
    expect(crmLegalId('10004', 0)).toBe('10004-1');
    expect(PHONE_PATTERN.test('8112345678')).toBe(true);
    expect(PHONE_PATTERN.test('1234567')).toBe(false);
    expect(PHONE_PATTERN.test('81-1234-5678')).toBe(false);
  });
});

describe('companyCountValid (spec 2 §4)', () => {
  it('wants exactly one company for a Persona moral/física and at least one for a Holding', () => {
    expect([0, 1, 2].map((n) => companyCountValid(2, n))).toEqual([false, true, false]);
    expect([0, 1, 3].map((n) => companyCountValid(1, n))).toEqual([false, true, true]);
  });
});
