import { describe, expect, it } from 'vitest';
import { Money } from '../money';
import {
  confirmationBalances,
  followUpBalanceView,
  followUpBalances,
  provisionClosed,
} from './provision-follow-up-balances';

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

describe('closed provisions show the balances at Confirmar (issue 26 item 3, decision 054)', () => {
  const live = { available: '1000.00', known: true };
  const snapshot = { available: '5000.00', remaining: '4000.00', at: '2026-11-24T18:07:00.000Z' };

  it.each([8, 9, 10, 11])('status %i is closed: the snapshot, never the live balances', (status) => {
    expect(provisionClosed(status)).toBe(true);
    const view = followUpBalanceView({ status, total: '1000.00', balances: live, confirmedBalances: snapshot });
    expect(view).toMatchObject({ kind: 'confirmed', at: snapshot.at });
    if (view.kind !== 'confirmed') throw new Error('expected the snapshot');
    expect([view.available.toDecimalString(), view.remaining.toDecimalString()]).toEqual(['5000.00', '4000.00']);
  });

  it('a closed provision without a snapshot shows no amounts', () => {
    expect(followUpBalanceView({ status: 9, total: '0.00', balances: live, confirmedBalances: null })).toEqual({
      kind: 'notRecorded',
    });
  });

  it.each([1, 3, 4, 7])('status %i is open: the live balances, its own total given back', (status) => {
    expect(provisionClosed(status)).toBe(false);
    const view = followUpBalanceView({ status, total: '300.00', balances: live, confirmedBalances: snapshot });
    expect(view.kind).toBe('live');
    if (view.kind !== 'live') throw new Error('expected live balances');
    expect([view.available?.toDecimalString(), view.remaining?.toDecimalString()]).toEqual(['1300.00', '1000.00']);
    expect(followUpBalanceView({ status, total: '1.00', balances: null, confirmedBalances: null })).toEqual({
      kind: 'live',
      available: null,
      remaining: null,
    });
  });

  it('the snapshot is what the page showed right after Confirmar: its own hold given back, then its total', () => {
    // The line: 10,000 remaining, 3,500 held (this provision's 2,000 before Confirmar included); confirmed at 1,500.
    const line = { montoRestante: Money.of('10000.00'), reserved: Money.of('3500.00') };
    const result = confirmationBalances(line, Money.of('2000.00'), Money.of('1500.00'));
    expect(result.available.toDecimalString()).toBe('8500.00');
    expect(result.remaining.toDecimalString()).toBe('7000.00');
  });
});
