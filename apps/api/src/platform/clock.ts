/** Time, injectable so tests can move it (lockouts, expiries) instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock some milliseconds ahead of (or behind) another one, movable while the process runs: with TEST_CLOCK=1
 * (development mode only, see config.ts) the API's one clock is this, so an e2e journey or a demo makes days pass
 * (a grace period, an expiry) through POST /api/__test/clock instead of waiting. The offset lives in this process
 * only: a second API copy keeps its own.
 */
export type AdjustableClock = Clock & {
  offsetMs(): number;
  advance(ms: number): void;
  /** Moves the offset so that `now()` answers `instant` at this moment (and time goes on from there). */
  set(instant: Date): void;
  /** Back to the underlying clock's time. */
  reset(): void;
};

export function adjustableClock(base: Clock = systemClock): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      offset += ms;
    },
    set: (instant) => {
      offset = instant.getTime() - base.now().getTime();
    },
    reset: () => {
      offset = 0;
    },
  };
}
