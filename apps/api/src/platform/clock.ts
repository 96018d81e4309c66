/** Time, injectable so tests can move it (lockouts, expiries) instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
