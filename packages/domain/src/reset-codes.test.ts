import { describe, expect, it } from 'vitest';
import {
  resetCodeTryRefused,
  resetGuardSpent,
  withCodeRequest,
  withWrongCode,
  type ResetCodeGuard,
} from './reset-codes';

const start = new Date('2026-11-27T10:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const fresh: ResetCodeGuard = {
  failures: 0,
  failuresWindowEndsAt: null,
  requests: 0,
  requestsWindowEndsAt: null,
  requester: null,
  requestedAt: null,
};
const wrong = (guard: ResetCodeGuard, times: number, now = start) => {
  let next = guard;
  for (let i = 0; i < times; i++) next = withWrongCode(next, now);
  return next;
};

describe('reset-code tries, per client and per account (issue 27 §5, decision 064)', () => {
  it('blocks a client after 5 wrong codes of its own', () => {
    expect(resetCodeTryRefused({ clientFailures: 4, guard: fresh, client: 'a', now: start })).toBe(false);
    expect(resetCodeTryRefused({ clientFailures: 5, guard: fresh, client: 'a', now: start })).toBe(true);
  });

  it('after 10 wrong codes from all clients blocks every client but the one that asked for the code', () => {
    const guard = wrong(withCodeRequest(fresh, 'owner', start), 10);
    expect(resetCodeTryRefused({ clientFailures: 0, guard, client: 'stranger', now: start })).toBe(true);
    expect(resetCodeTryRefused({ clientFailures: 0, guard, client: 'owner', now: start })).toBe(false);
    // The owner's own address still has its own limit.
    expect(resetCodeTryRefused({ clientFailures: 5, guard, client: 'owner', now: start })).toBe(true);
    // Nine are not enough, and the account's window ends after an hour.
    expect(resetCodeTryRefused({ clientFailures: 0, guard: wrong(fresh, 9), client: 'x', now: start })).toBe(false);
    expect(resetCodeTryRefused({ clientFailures: 0, guard, client: 'stranger', now: at(61) })).toBe(false);
  });

  it('treats an e-mail nobody asked a code for like any other: everyone blocked after 10', () => {
    const guard = wrong(fresh, 10);
    expect(resetCodeTryRefused({ clientFailures: 0, guard, client: 'owner', now: start })).toBe(true);
  });

  it('lets only the first 5 requests of an hour make their client the requester', () => {
    let guard = fresh;
    for (const client of ['a', 'b', 'c', 'd', 'e']) guard = withCodeRequest(guard, client, start);
    expect(guard.requester).toBe('e');
    guard = withCodeRequest(guard, 'f', at(30));
    expect(guard).toMatchObject({ requester: 'e', requestedAt: start, requests: 6 });
    guard = withCodeRequest(guard, 'g', at(61));
    expect(guard).toMatchObject({ requester: 'g', requests: 1 });
  });

  it('stops exempting the requester once its code could no longer be valid', () => {
    const guard = wrong(withCodeRequest(fresh, 'owner', start), 10, at(50));
    expect(resetCodeTryRefused({ clientFailures: 0, guard, client: 'owner', now: at(59) })).toBe(false);
    expect(resetCodeTryRefused({ clientFailures: 0, guard, client: 'owner', now: at(61) })).toBe(true);
  });

  it('calls a guard spent (the purge deletes it) only once it decides as a fresh one would', () => {
    const guard = wrong(withCodeRequest(fresh, 'owner', start), 10, at(30));
    // Live: the account's window (until 90 min) and the owner's code (until 60 min).
    expect(resetGuardSpent(guard, at(59))).toBe(false);
    expect(resetGuardSpent(guard, at(89))).toBe(false);
    expect(resetGuardSpent(guard, at(91))).toBe(true);
    for (const client of ['owner', 'stranger']) {
      for (const clientFailures of [0, 4, 5]) {
        const verdict = (g: ResetCodeGuard) => resetCodeTryRefused({ clientFailures, guard: g, client, now: at(91) });
        expect(verdict(guard)).toBe(verdict(fresh));
      }
    }
    // A request alone keeps its guard while its code lives.
    expect(resetGuardSpent(withCodeRequest(fresh, 'owner', start), at(59))).toBe(false);
    expect(resetGuardSpent(fresh, start)).toBe(true);
  });
});
