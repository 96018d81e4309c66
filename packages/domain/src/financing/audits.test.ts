import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES } from '../messages-financing';
import { auditCalendarEvent, auditDaysInOrder, auditForm, auditLineState, nextDay, onlyChoice } from './audits';

const valid = {
  auditor: 'Laura Méndez',
  description: 'Revisión de inventario físico',
  accountId: 1,
  companyId: 2,
  isSuspended: true,
  initialDate: '2026-03-10',
  endDate: '2026-03-12',
};

describe('auditLineState (spec 3 §2)', () => {
  it.each([
    [true, 'Desactivado'],
    [false, 'Activado'],
  ])('isSuspended %s shows %s', (isSuspended, label) => {
    expect(auditLineState(isSuspended)).toBe(label);
  });
});

describe('auditDaysInOrder', () => {
  it.each([
    ['2026-03-10', '2026-03-12', true],
    ['2026-03-10', '2026-03-10', true],
    ['2026-03-10', '2026-03-09', false],
    ['2026-12-31', '2027-01-01', true],
  ])('%s → %s is %s', (start, end, ok) => {
    expect(auditDaysInOrder(start, end)).toBe(ok);
  });
});

describe('auditForm (spec 3 §5 "Audit form")', () => {
  it('accepts a complete audit', () => {
    expect(auditForm.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['an empty auditor', { auditor: '   ' }, 'auditor', 'Campo requerido.'],
    ['an auditor of 151 characters', { auditor: 'a'.repeat(151) }, 'auditor', 'Máximo 150 caracteres'],
    ['no description', { description: '' }, 'description', 'Campo requerido.'],
    ['no account', { accountId: null }, 'accountId', 'Campo requerido.'],
    ['no company', { companyId: null }, 'companyId', 'Campo requerido.'],
    ['no suspend choice', { isSuspended: null }, 'isSuspended', AUDIT_MESSAGES.suspendRequired],
    ['no start day', { initialDate: '' }, 'initialDate', 'Campo requerido.'],
    ['an end before the start', { endDate: '2026-03-09' }, 'endDate', AUDIT_MESSAGES.endBeforeStart],
  ])('refuses %s', (_case, change, path, message) => {
    const result = auditForm.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === path);
    expect(issue?.message).toContain(message.replace(/\.$/, ''));
  });

  it('accepts an auditor of exactly 150 characters and one of 1', () => {
    expect(auditForm.safeParse({ ...valid, auditor: 'a'.repeat(150) }).success).toBe(true);
    expect(auditForm.safeParse({ ...valid, auditor: 'a' }).success).toBe(true);
  });
});

describe('auditCalendarEvent (spec 3 §2, §4 "Audit")', () => {
  it.each([
    ['a one-day audit lasts one day', '2026-03-10', '2026-03-10', '2026-03-11'],
    ['a three-day audit keeps its last day', '2026-03-10', '2026-03-12', '2026-03-13'],
    ['across a month end', '2026-02-27', '2026-02-28', '2026-03-01'],
    ['across a year end', '2026-12-31', '2026-12-31', '2027-01-01'],
  ])('%s', (_case, initialDate, endDate, exclusiveEnd) => {
    const event = auditCalendarEvent({ id: 4, folio: '12', auditor: 'Laura', description: 'd', initialDate, endDate });
    expect(event).toEqual({
      id: '4',
      title: '12-Laura',
      start: initialDate,
      end: exclusiveEnd,
      allDay: true,
      description: 'd',
    });
  });

  it('nextDay handles leap years', () => {
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('onlyChoice (spec 3 §5: auto-select)', () => {
  it.each([
    [undefined, null],
    [[], null],
    [[{ id: 3 }], 3],
    [[{ id: 3 }, { id: 4 }], null],
  ])('%j → %s', (options, chosen) => {
    expect(onlyChoice(options)).toBe(chosen);
  });
});
