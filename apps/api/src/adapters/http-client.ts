import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  retry,
  timeout,
  wrap,
  type IPolicy,
} from 'cockatiel';
import type { z } from 'zod';
import { MESSAGES } from '@planpiso/domain';
import type { Logger } from '../platform/deps';
import type { ExternalObserver } from '../platform/metrics';
import { ExternalServiceError, failureText, type ExternalSystem, type FailureKind } from './errors';

// One JSON client per external system (decision 009): a timeout per attempt, retries with exponential backoff for
// calls safe to repeat, and a consecutive-failure circuit breaker, so a system that is down answers at once
// instead of holding every request for the whole timeout.

export type Resilience = {
  /** Per attempt, not per call: a repeated call may take (retries + 1) times this, plus the pauses. */
  timeoutMs: number;
  /** Further attempts for calls safe to repeat (0: one attempt only). */
  retries: number;
  /** First pause between attempts; it doubles (with jitter) up to 10 times this. */
  retryDelayMs: number;
  /** Consecutive failed attempts that open the breaker. */
  breakerThreshold: number;
  /** How long the open breaker answers at once before it lets one trial call through. */
  breakerHalfOpenMs: number;
};

export type HttpClientOptions = {
  system: ExternalSystem;
  baseUrl: string;
  token: string;
  resilience: Resilience;
  log?: Logger;
  /** Each call's outcome and time, and each breaker move (the app's metrics, decision 085). */
  observe?: ExternalObserver;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the base URL, e.g. '/ConfiguracionClientesDispLinea'. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * What the failure detail names, e.g. 'ConfiguracionClientesDispLinea 10001' (spec 2 §8, spec 3 §8: the screen
   * shows the operation, the client number and the server's data).
   */
  operation: string;
  /** Safe to repeat: every GET; a POST only when it carries an idempotency key or only reads. */
  idempotent?: boolean;
  /** 4xx statuses that are answers rather than failures (404 "unknown", 422 "rejected"), returned to the caller. */
  accept?: readonly number[];
};

/** A 2xx answer of the promised shape, or one of the accepted 4xx with whatever body it had. */
export type JsonAnswer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; body: unknown };
export type BytesAnswer = { status: number; bytes: Uint8Array };

/** One attempt's failure inside the policies; turned into an ExternalServiceError once they give up. */
class AttemptFailure extends Error {
  constructor(
    readonly kind: Exclude<FailureKind, 'circuit-open'>,
    readonly serverData?: string,
    readonly status?: number,
  ) {
    super(kind);
    this.name = 'AttemptFailure';
  }
}

/** Failures that say the system is unwell: they count for the breaker and are worth another attempt. */
const isSystemFailure = (error: Error) =>
  error instanceof TaskCancelledError || (error instanceof AttemptFailure && error.kind !== 'rejected');

const SERVER_DATA_MAX = 500;

export type HttpClient = {
  readonly system: ExternalSystem;
  /** JSON in and out; any non-2xx fails, and so does a body that does not match `schema` (it counts, too). */
  json<T>(options: Omit<RequestOptions, 'accept'>, schema: z.ZodType<T>): Promise<T>;
  /** Like json, but the `accept`ed 4xx statuses come back as answers (404 "unknown", 422 "rejected"). */
  jsonAnswer<T>(options: RequestOptions, schema: z.ZodType<T>): Promise<JsonAnswer<T>>;
  bytes(options: Omit<RequestOptions, 'accept'>): Promise<BytesAnswer>;
};

export function createHttpClient({ system, baseUrl, token, resilience, log, observe }: HttpClientOptions): HttpClient {
  const base = baseUrl.replace(/\/+$/, '');
  // Whatever a system echoes back never carries our token into a response or a log line.
  const scrub = (text: string) => (token ? text.split(token).join('***') : text);

  const attemptTimeout = timeout(resilience.timeoutMs, TimeoutStrategy.Aggressive);
  const breaker = circuitBreaker(handleWhen(isSystemFailure), {
    halfOpenAfter: resilience.breakerHalfOpenMs,
    breaker: new ConsecutiveBreaker(resilience.breakerThreshold),
  });
  breaker.onBreak(() => {
    log?.warn({ system }, 'external system circuit opened');
    observe?.breaker(system, 'open');
  });
  breaker.onHalfOpen(() => {
    log?.info({ system }, 'external system circuit half-open');
    observe?.breaker(system, 'half-open');
  });
  breaker.onReset(() => {
    log?.info({ system }, 'external system circuit closed');
    observe?.breaker(system, 'closed');
  });
  // The breaker sits inside the retries: every attempt counts, and an open breaker is not retried.
  const once: IPolicy = wrap(breaker, attemptTimeout);
  const repeated: IPolicy =
    resilience.retries > 0
      ? wrap(
          retry(handleWhen(isSystemFailure), {
            maxAttempts: resilience.retries,
            backoff: new ExponentialBackoff({
              initialDelay: resilience.retryDelayMs,
              maxDelay: resilience.retryDelayMs * 10,
            }),
          }),
          breaker,
          attemptTimeout,
        )
      : once;

  function urlOf({ path, query }: RequestOptions): string {
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    return url.toString();
  }

  async function call<T>(
    options: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<{ status: number; value: T }> {
    const method = options.method ?? 'GET';
    const idempotent = options.idempotent ?? method === 'GET';
    const url = urlOf(options);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...options.headers,
      authorization: `Bearer ${token}`,
    };
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';

    const attempt = async ({ signal }: { signal: AbortSignal }) => {
      let response: Response;
      try {
        response = await fetch(url, { method, headers, body, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new AttemptFailure('network', errorText(error));
      }
      if (response.ok || options.accept?.includes(response.status)) {
        // The body is read under the same timeout: a system can stall halfway through an answer too.
        return { status: response.status, value: await read(response) };
      }
      const text = await response.text().catch(() => '');
      const kind = response.status >= 500 || response.status === 429 ? 'server' : 'rejected';
      throw new AttemptFailure(kind, `HTTP ${response.status} ${text}`.trim(), response.status);
    };

    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const answer = await (idempotent ? repeated : once).execute(attempt);
      observe?.call(system, 'ok', seconds());
      return answer;
    } catch (error) {
      const failure = toExternalError(error, options.operation);
      observe?.call(system, failure.kind, seconds());
      log?.warn(
        { system, operation: options.operation, failure: failure.kind, status: failure.upstreamStatus },
        'external call failed',
      );
      throw failure;
    }
  }

  function toExternalError(error: unknown, operation: string): ExternalServiceError {
    const fail = (kind: FailureKind, serverData?: string, status?: number) => {
      const data = serverData ? scrub(serverData).slice(0, SERVER_DATA_MAX) : failureText(kind);
      return new ExternalServiceError(system, operation, kind, `${operation}: ${data}`, status);
    };
    if (error instanceof BrokenCircuitError) return fail('circuit-open');
    if (error instanceof TaskCancelledError) return fail('timeout');
    if (error instanceof AttemptFailure) return fail(error.kind, error.serverData, error.status);
    return fail('invalid-answer');
  }

  async function jsonAnswer<T>(options: RequestOptions, schema: z.ZodType<T>): Promise<JsonAnswer<T>> {
    const { status, value } = await call(options, async (response) => {
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        // An accepted 4xx may come from a proxy in plain text; a 2xx must be JSON.
        if (!response.ok) return { ok: false as const, body: text };
        throw new AttemptFailure('invalid-answer', `${MESSAGES.externalInvalidAnswer}: ${text}`);
      }
      if (!response.ok) return { ok: false as const, body: parsed };
      const checked = schema.safeParse(parsed);
      if (!checked.success) {
        const where = checked.error.issues[0]?.path.join('.');
        throw new AttemptFailure('invalid-answer', `${MESSAGES.externalInvalidAnswer}${where ? ` (${where})` : ''}`);
      }
      return { ok: true as const, body: checked.data };
    });
    return { ...value, status };
  }

  return {
    system,
    jsonAnswer,
    async json<T>(options: Omit<RequestOptions, 'accept'>, schema: z.ZodType<T>): Promise<T> {
      const answer = await jsonAnswer({ ...options, accept: [] }, schema);
      // Nothing is accepted, so anything but a checked 2xx has already thrown.
      if (!answer.ok) throw new Error(`unreachable: ${options.operation} answered ${answer.status}`);
      return answer.body;
    },
    async bytes(options) {
      const { status, value } = await call(options, async (response) => new Uint8Array(await response.arrayBuffer()));
      return { status, bytes: value };
    },
  };
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return MESSAGES.externalUnreachable;
  // undici hides the reason (ECONNREFUSED, socket hang up) in `cause`.
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return `${MESSAGES.externalUnreachable} (${cause || error.message})`;
}
