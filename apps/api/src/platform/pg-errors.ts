/** The PostgreSQL error code on `error` or its causes (drizzle wraps the driver's error), if any. */
function pgErrorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const pg = current as { code?: unknown; cause?: unknown };
    if (typeof pg.code === 'string') return pg.code;
    current = pg.cause;
  }
  return undefined;
}

/** Is `error` PostgreSQL's lock_not_available (55P03): a `lock_timeout` expired, or NOWAIT found the row locked? */
export const isLockNotAvailable = (error: unknown): boolean => pgErrorCode(error) === '55P03';

/**
 * PostgreSQL's refusals of a value itself: 22021 (a NUL byte or a bad byte sequence), 22003 (a number out of the
 * column's range), 22P02 (text that is no number, boolean...). The contracts refuse such input first (issue 14
 * item 7); should one slip through, it is still the caller's bad input, a 400, not a 500.
 */
const BAD_VALUE_CODES = new Set(['22021', '22003', '22P02']);

export function isBadValueError(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code !== undefined && BAD_VALUE_CODES.has(code);
}

/**
 * The connection to PostgreSQL failed rather than the statement (issue 27 items 12 and 13): the server is shutting
 * down or starting (57P01–57P03), a connection exception (class 08), the socket dropped or was refused, or the
 * pool found no free connection within its `connectionTimeoutMillis`. The caller may simply retry later: 503.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') {
      if (UNAVAILABLE_CODES.has(candidate.code) || candidate.code.startsWith('08')) return true;
    }
    if (
      typeof candidate.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((m) => candidate.message === m || (candidate.message as string).startsWith(m))
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
