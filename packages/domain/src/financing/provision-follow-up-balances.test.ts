import { describe, expect, it } from 'vitest';
import { Money } from '../money';
import { followUpBalances } from './provision-follow-up-balances';

describe('followUpBalances', () => {
  it.each([
    // status, line available (own hold already out), total → available to it, remaining after it
    [3, '2009699.00', '397500.50', '2407199.50', '2009699.00'],
    [7, '100.00', '100.00', '200.00', '100.00'],
    // Authorised: its total is out of the line's balance (held until inserted, then counted by the CRM), never twice.
    [8, '224745.00', '265000.00', '489745.00', '224745.00'],
    [10, '2009699.00', '397500.50', '2009699.00', '1612198.50'],
    [9, '500.00', '0.00', '500.00', '500.00'],
  ])(
    'at status %i with %s available and a total of %s: %s available, %s remaining',
    (status, line, total, available, remaining) => {
      const result = followUpBalances(Money.of(line), Money.of(total), status);
      expect(result.available.toDecimalString()).toBe(available);
      expect(result.remaining.toDecimalString()).toBe(remaining);
    },
  );
});
