import { describe, expect, it } from 'vitest';
import { SPEC_SHARED_LIFE_STATUS_NAMES } from '../test-support/fixtures';
import {
  PROVISION_STATUS,
  PROVISION_STATUS_NAMES,
  reservesBalance,
  unitHoldsBalance,
  unitsAwaitValidation,
} from './provision-status';

describe('provision statuses', () => {
  it.each([
    [PROVISION_STATUS.CREATED, true, false],
    [PROVISION_STATUS.SENT_TO_VALIDATE, true, true],
    [PROVISION_STATUS.LENDER_VALIDATION, true, true],
    [PROVISION_STATUS.ACCEPTED, true, false],
    [PROVISION_STATUS.SENT_TO_SIGN, true, false],
    [PROVISION_STATUS.SIGNING, true, false],
    [PROVISION_STATUS.SIGNED, true, false],
    [PROVISION_STATUS.AUTHORIZED, false, false],
    [PROVISION_STATUS.REJECTED, false, false],
    [PROVISION_STATUS.RELEASED, false, false],
    [PROVISION_STATUS.CANCELLED, false, false],
  ])('status %i reserves the line: %s; its units are validated periodically: %s', (status, reserves, validated) => {
    expect(reservesBalance(status)).toBe(reserves);
    expect(unitsAwaitValidation(status)).toBe(validated);
  });
});

describe('unitHoldsBalance (decisions 015, 029, 055)', () => {
  it.each([
    // provision status, included, insertion status, holds
    [3, true, null, true],
    [7, true, null, true],
    [4, false, null, false],
    [8, true, 'queued', true],
    [8, true, 'failed', true],
    [8, true, 'inserted', false],
    [8, true, 'archived', false],
    // Liberar: released money stays consumed until the CRM lists the unit's credit (issue 26 item 2).
    [10, true, 'released', true],
    [10, false, 'released', false],
    [10, true, 'inserted', false],
    // Released before this rule: no row, nothing held (as before).
    [10, true, null, false],
    [9, true, null, false],
    [11, true, null, false],
  ])('a unit of a provision at %i (included=%s, insertion %s) holds: %s', (status, included, insertion, holds) => {
    expect(unitHoldsBalance({ provisionStatus: status, included, insertionStatus: insertion })).toBe(holds);
  });
});

describe('provision status names (spec 3 §4 "Provision status codes", written here from the spec)', () => {
  it('names every code 1 to 11 as the spec does', () => {
    expect(PROVISION_STATUS_NAMES).toEqual({
      1: 'Creada',
      2: 'Enviada a validar',
      3: 'Validación',
      ...SPEC_SHARED_LIFE_STATUS_NAMES,
      11: 'Cancelado',
    });
  });
});
