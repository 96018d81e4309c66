import { describe, expect, it } from 'vitest';
import { PROVISION_STATUS, reservesBalance, unitsAwaitValidation } from './provision-status';

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
