/**
 * Is `error` PostgreSQL's unique violation (23505) of `constraint`? A check-then-insert can still lose the race
 * to a concurrent request; the unique index then answers, and the service turns it into its 409.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  // drizzle wraps the driver's error; the PostgreSQL code sits on it or on its cause.
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const pg = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (pg.code === '23505' && pg.constraint === constraint) return true;
    current = pg.cause;
  }
  return false;
}

/**
 * Is `error` PostgreSQL's lock_not_available (55P03): a `lock_timeout` expired, or NOWAIT found the row locked?
 */
export function isLockNotAvailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const pg = current as { code?: unknown; cause?: unknown };
    if (pg.code === '55P03') return true;
    current = pg.cause;
  }
  return false;
}
