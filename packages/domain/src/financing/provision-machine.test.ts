import { describe, expect, it } from 'vitest';
import { can } from '../state-machine';
import { PROVISION_MACHINE, canProvisionAction, provisionTransition, type ProvisionAction } from './provision-machine';

describe('provision transitions 1 → 2 (spec 3 §4)', () => {
  it.each<[ProvisionAction, number | null, number, number]>([
    ['create', null, 0, 1],
    ['create', null, 3, 1],
    ['createAndSend', null, 1, 2],
    ['edit', 1, 0, 1],
    ['send', 1, 1, 2],
  ])('type 5 may %s from %s with %i units, to status %i', (action, status, unitCount, to) => {
    expect(provisionTransition(action, { userType: 5, status, unitCount })).toEqual({ allowed: true, to });
  });

  it.each([2, 3, 4, 9, 11])('edit and send are refused at status %i', (status) => {
    for (const action of ['edit', 'send'] as const) {
      expect(provisionTransition(action, { userType: 5, status, unitCount: 1 })).toEqual({
        allowed: false,
        code: 'INVALID_STATUS',
        message: 'El estatus de la disposición no permite esta acción',
      });
    }
  });

  it('creating twice is not a transition of an existing provision', () => {
    expect(provisionTransition('create', { userType: 5, status: 1, unitCount: 1 })).toMatchObject({
      code: 'INVALID_STATUS',
    });
  });

  it.each(['send', 'createAndSend'] as const)('%s needs at least one unit', (action) => {
    expect(provisionTransition(action, { userType: 5, status: action === 'send' ? 1 : null, unitCount: 0 })).toEqual({
      allowed: false,
      code: 'NO_UNITS',
      message: 'Seleccione al menos una unidad',
    });
  });

  it.each([1, 2, 3, 4, 0, 99])('user type %i may not create, edit or send', (userType) => {
    for (const action of ['create', 'createAndSend', 'edit', 'send'] as const) {
      expect(provisionTransition(action, { userType, status: 1, unitCount: 1 })).toMatchObject({
        allowed: false,
        code: 'FORBIDDEN',
      });
    }
  });

  it('tells the screens which actions to offer', () => {
    expect(canProvisionAction('edit', 5, 1)).toBe(true);
    expect(canProvisionAction('send', 5, 1)).toBe(true);
    expect(canProvisionAction('send', 5, 2)).toBe(false);
    expect(canProvisionAction('edit', 3, 1)).toBe(false);
  });
});

describe('PROVISION_MACHINE (the shared machine, decision 016)', () => {
  const dealer = { id: 1, type: 5 as const };
  it('sends a Creada provision with units to validation, and refuses every other case', () => {
    expect(can(PROVISION_MACHINE, dealer, 'send', { status: 1, unitCount: 2 })).toEqual({ allowed: true, to: 2 });
    expect(can(PROVISION_MACHINE, dealer, 'edit', { status: 1, unitCount: 0 })).toEqual({ allowed: true, to: 1 });
    expect(can(PROVISION_MACHINE, dealer, 'send', { status: 1, unitCount: 0 })).toMatchObject({
      allowed: false,
      code: 'NO_UNITS',
      message: 'Seleccione al menos una unidad',
      httpStatus: 422,
    });
    expect(can(PROVISION_MACHINE, dealer, 'send', { status: 2, unitCount: 2 })).toMatchObject({
      allowed: false,
      reason: 'status',
      httpStatus: 409,
    });
    expect(can(PROVISION_MACHINE, { id: 2, type: 4 }, 'edit', { status: 1, unitCount: 1 })).toMatchObject({
      allowed: false,
      reason: 'who',
      httpStatus: 403,
    });
  });
});
