import { describe, expect, it } from 'vitest';
import { actionsFor, SYSTEM_ACTOR } from '../state-machine';
import {
  askFinancedUnit,
  FINANCED_UNIT_MACHINE,
  financedUnitStatusName,
  saleReportRefusal,
  type FinancedUnitAction,
} from './financed-unit-machine';

const user = (type: 1 | 2 | 3 | 4 | 5) => ({ id: 7, type });
const CURRENT = 1;
const SOLD = 2;
const PAID = 3;
const SOT = 4;

describe('a financed unit’s statuses (issue 29 §2)', () => {
  it('names them as the register shows them', () => {
    expect([1, 2, 3, 4, 9].map(financedUnitStatusName)).toEqual([
      'Vigente',
      'Vendida (por liquidar)',
      'Liquidada',
      'Vencida sin liquidar',
      '-',
    ]);
  });
});

describe('the financed unit machine (issue 29 §2)', () => {
  it.each([4, 5] as const)('the dealer (type %i) reports a current unit sold: Vigente → Vendida', (type) => {
    expect(askFinancedUnit(user(type), 'reportSold', { status: CURRENT })).toEqual({ allowed: true, to: SOLD });
  });

  it('an audit that found the unit sold reports it through the system', () => {
    expect(askFinancedUnit(SYSTEM_ACTOR, 'reportSold', { status: CURRENT })).toEqual({ allowed: true, to: SOLD });
  });

  it.each([1, 2, 3] as const)('the lender’s type %i does not report sales itself (403)', (type) => {
    expect(askFinancedUnit(user(type), 'reportSold', { status: CURRENT })).toMatchObject({
      allowed: false,
      httpStatus: 403,
    });
  });

  it('a unit already sold, or already in SOT, is not reported sold again: the dealer is told so (409)', () => {
    for (const status of [SOLD, SOT]) {
      expect(askFinancedUnit(user(5), 'reportSold', { status })).toEqual({
        allowed: false,
        reason: 'status',
        code: 'UNIT_ALREADY_SOLD',
        message: 'La unidad ya fue reportada como vendida',
        httpStatus: 409,
      });
    }
  });

  it('a paid-off unit is not reported sold: the dealer is told it is paid (409)', () => {
    expect(askFinancedUnit(user(4), 'reportSold', { status: PAID })).toMatchObject({
      allowed: false,
      code: 'UNIT_ALREADY_PAID',
      message: 'La unidad ya está liquidada',
      httpStatus: 409,
    });
  });

  it.each([CURRENT, SOLD, SOT])('the CRM’s payoff makes a unit in status %i Liquidada', (status) => {
    expect(askFinancedUnit(SYSTEM_ACTOR, 'recordPayoff', { status })).toEqual({ allowed: true, to: PAID });
  });

  it('a payoff is recorded once (409 when already Liquidada) and only by the system (403 for every user)', () => {
    expect(askFinancedUnit(SYSTEM_ACTOR, 'recordPayoff', { status: PAID })).toMatchObject({
      httpStatus: 409,
      message: 'El estatus de la unidad no permite esta acción',
    });
    for (const type of [1, 2, 3, 4, 5] as const) {
      expect(askFinancedUnit(user(type), 'recordPayoff', { status: SOLD })).toMatchObject({ httpStatus: 403 });
    }
  });

  it('a sold unit whose grace ended unpaid goes to Vencida sin liquidar', () => {
    expect(askFinancedUnit(SYSTEM_ACTOR, 'graceExpired', { status: SOLD, graceOver: true })).toEqual({
      allowed: true,
      to: SOT,
    });
  });

  it('not while the grace runs (422), not from any other status (409), never by a user (403)', () => {
    expect(askFinancedUnit(SYSTEM_ACTOR, 'graceExpired', { status: SOLD, graceOver: false })).toMatchObject({
      allowed: false,
      code: 'GRACE_NOT_OVER',
      message: 'El periodo de gracia de la unidad aún no termina',
      httpStatus: 422,
    });
    for (const status of [CURRENT, PAID, SOT]) {
      expect(askFinancedUnit(SYSTEM_ACTOR, 'graceExpired', { status, graceOver: true })).toMatchObject({
        httpStatus: 409,
      });
    }
    expect(askFinancedUnit(user(5), 'graceExpired', { status: SOLD, graceOver: true })).toMatchObject({
      httpStatus: 403,
    });
  });

  it('only the lender’s administrator reverses a sale (Vendida or SOT → Vigente); a dealer cannot lift SOT itself', () => {
    for (const status of [SOLD, SOT]) {
      expect(askFinancedUnit(user(2), 'reverseSale', { status })).toEqual({ allowed: true, to: CURRENT });
      for (const type of [1, 3, 4, 5] as const) {
        expect(askFinancedUnit(user(type), 'reverseSale', { status })).toMatchObject({ httpStatus: 403 });
      }
    }
    expect(askFinancedUnit(user(2), 'reverseSale', { status: PAID })).toMatchObject({ httpStatus: 409 });
  });

  it('shows each actor the actions it has on a unit', () => {
    const shown = (actor: { id: number; type: 0 | 1 | 2 | 3 | 4 | 5 }, status: number): FinancedUnitAction[] =>
      actionsFor(FINANCED_UNIT_MACHINE, actor, { status, graceOver: true });
    expect(shown(user(5), CURRENT)).toEqual(['reportSold']);
    expect(shown(user(5), SOLD)).toEqual([]);
    expect(shown(user(2), SOT)).toEqual(['reverseSale']);
    expect(shown(user(3), SOT)).toEqual([]);
    expect(shown(SYSTEM_ACTOR, SOLD)).toEqual(['recordPayoff', 'graceExpired']);
    expect(shown(SYSTEM_ACTOR, PAID)).toEqual([]);
  });
});

describe('a sale report’s date (issue 29 Acceptance: bad input)', () => {
  const report = { released: true, releaseDate: '2026-03-02', today: '2026-03-10' };

  it('accepts a sale from the release day through today', () => {
    for (const saleDate of ['2026-03-02', '2026-03-06', '2026-03-10']) {
      expect(saleReportRefusal({ ...report, saleDate })).toBeNull();
    }
  });

  it.each([
    ['a unit not released', { released: false, saleDate: '2026-03-05' }, 'La unidad no ha sido liberada'],
    ['no date', { saleDate: '  ' }, 'La fecha de venta es obligatoria'],
    ['no date at all', { saleDate: null }, 'La fecha de venta es obligatoria'],
    ['a day that does not exist', { saleDate: '2026-02-30' }, 'La fecha de venta no es válida'],
    ['not a day', { saleDate: '10/03/2026' }, 'La fecha de venta no es válida'],
    ['tomorrow', { saleDate: '2026-03-11' }, 'La fecha de venta no puede ser posterior al día de hoy'],
    [
      'before the release',
      { saleDate: '2026-03-01' },
      'La fecha de venta no puede ser anterior a la fecha de liberación de la unidad',
    ],
  ])('refuses %s (422)', (_, input, message) => {
    expect(saleReportRefusal({ ...report, ...input })).toMatchObject({ message, httpStatus: 422 });
  });
});
