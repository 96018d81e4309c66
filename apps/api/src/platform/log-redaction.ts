/**
 * Errors as the log may show them (issue 27 item 3, docs/decisions/066): what failed and where, never the values
 * the failing statement carried. drizzle's error message ends with the statement's parameters ("params: ..."),
 * and the driver's error carries the row in `detail` ("Key (email)=(ana@x.mx) already exists", "Failing row
 * contains (...)"), `where`, `internalQuery` and the like: a legal representative's name, e-mail, phone and RFC
 * reached the log that way. One serializer, installed on the app's logger for `err` and `error` (app.ts), so
 * every `log.error({ err })` of every module, job and adapter goes through it.
 */

/** Properties kept from an error (or an `err: {...}` object): none of them carries a value of the statement. */
const KEPT = [
  'code',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'severity',
  'statusCode',
  'reason',
] as const;

const MAX_DEPTH = 4;

/** drizzle's "Failed query: <sql>\nparams: <values>": the values go; the statement's text stays, literals masked. */
function withoutParams(text: string): string {
  const at = text.search(/\n?\s*params:/);
  return at >= 0 ? text.slice(0, at) : text;
}

/** String literals in SQL text ('ana@x.mx') and a quoted value a PostgreSQL message ends with (`: "abc"`). */
function redactText(text: string): string {
  return withoutParams(text)
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/(:\s*)"[^"\n]*"(\s*)$/gm, '$1"?"$2')
    .replace(/\(([^()\n]*)\)=\(([^\n]*?)\)/g, '($1)=(?)');
}

type SafeError = {
  type: string;
  message: string;
  stack: string;
  cause?: SafeError;
  [key: string]: unknown;
};

/** The loggable shape of an error: type, masked message and stack, the PostgreSQL fields that name no value. */
function safeError(value: unknown, depth = 0): SafeError {
  if (!value || typeof value !== 'object') {
    return { type: typeof value, message: typeof value === 'string' ? redactText(value) : String(value), stack: '' };
  }
  const error = value as Record<string, unknown>;
  const type = value instanceof Error ? (value.constructor?.name ?? value.name) : 'Object';
  const message = typeof error.message === 'string' ? redactText(error.message) : '';
  // The stack's first line repeats the message: keep the frames, with the message masked.
  const frames = typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const safe: SafeError = {
    type,
    message,
    stack: frames.length > 0 ? [`${type}: ${message}`, ...frames].join('\n') : '',
  };
  for (const key of KEPT) {
    const field = error[key];
    if (typeof field === 'string' || typeof field === 'number') safe[key] = field;
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/** A path as the log shows it: without its query string (a search for an e-mail or a name is PII too). */
export const pathOnly = (url: string): string => url.split('?')[0] ?? '';

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** The logger's serializers (pino): `err` and `error` keys whatever they hold; `req` (debug lines) path only. */
export const logSerializers = {
  err: (value: unknown) => safeError(value),
  error: (value: unknown) => safeError(value),
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: pathOnly(request.url ?? ''),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
