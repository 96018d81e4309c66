import { AppErrorCode, MESSAGES, STORAGE_KEYS, isIdentityPath, parseAppErrorCode } from '@planpiso/domain';

/**
 * A failed call, carrying the server's error answer `{statusCode, code, message, reason}` (ARCHITECTURE §4).
 * `code` is the answer's as sent (or the client's own: `NetworkError`, `Http<status>` for an answer without one);
 * `appCode` is it read into the catalogue (decision 073), `UNKNOWN_ERROR` for a code this build does not know.
 * The screens show `message`, which is the server's text as it came.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly appCode: AppErrorCode;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly reason?: string,
    readonly fields?: Record<string, string>,
    /** What an external system answered (503 EXTERNAL_API_ERROR, a CRM refusal): shown under the message. */
    readonly detail?: string,
  ) {
    super(message);
    this.appCode = parseAppErrorCode(code);
  }
}

/** The catalogue code of whatever a call threw: `UNKNOWN_ERROR` for anything but an answered ApiError. */
export const appErrorCodeOf = (error: unknown): AppErrorCode =>
  error instanceof ApiError ? error.appCode : AppErrorCode.UNKNOWN_ERROR;

export type Envelope<T> = { data: T; message?: string };
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (ARCHITECTURE §4): see `api.create`. */
  idempotencyKey?: string;
};

let unauthorizedHandler: (() => void) | null = null;

/** The session registers its sign-out here: a 401 from any call signs the user out (spec 1 §6, §8). */
export function onUnauthorized(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** A 401 from a call made outside apiRequest (a file download) signs out the same way. */
export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = localStorage.getItem(STORAGE_KEYS.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NetworkError', MESSAGES.networkError);
  }

  let payload: unknown;
  try {
    payload = await readJson(response);
  } catch (error) {
    // The answer's body never arrived whole (the page was left mid-response, the connection dropped): for the
    // caller that is no answer, as a failed fetch — never a refusal.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NetworkError', MESSAGES.networkError);
  }
  if (!response.ok) {
    // Identity calls answer 401 for a wrong password or a revoked refresh token: the screen's business (or the
    // session's own rule), not a reason for the global sign-out.
    if (response.status === 401 && !isIdentityPath(path)) unauthorizedHandler?.();
    throw toApiError(response.status, payload);
  }
  const envelope = (payload ?? {}) as Partial<Envelope<T>>;
  return { data: envelope.data as T, message: envelope.message };
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function toApiError(status: number, payload: unknown): ApiError {
  const p = (payload ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const fields = p.fields && typeof p.fields === 'object' ? (p.fields as Record<string, string>) : undefined;
  return new ApiError(
    typeof p.statusCode === 'number' ? p.statusCode : status,
    str(p.code) ?? `Http${status}`,
    str(p.message) ?? MESSAGES.internalError,
    str(p.reason),
    fields,
    str(p.detail),
  );
}

/** A random UUID (v4). `crypto.randomUUID` exists only in secure contexts; a LAN install may run over http. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of each create submission whose outcome is not known yet, by path and body. A double click,
 * or a retry after a network failure or a 5xx, sends the same request again: it gets the same key, so the server
 * creates once and replays its answer (issue 14 item 8). Once the server has answered for sure (2xx or 4xx), the
 * key is dropped: the next submission — a new form, or corrected values — is a new create with a new key.
 */
const openSubmissions = new Map<string, string>();

/**
 * What makes two create submissions "the same": the path and the body. A multipart body (an upload) is told by
 * its fields and, for each file, its name, size, type and modification time — the same file chosen and sent twice
 * is the same submission (issue 27 §8); `JSON.stringify` would call every FormData `{}`.
 */
function submissionOf(path: string, body: unknown): string {
  if (!(body instanceof FormData)) return `${path}\n${JSON.stringify(body ?? null)}`;
  const fields = [...body.entries()].map(([name, value]) =>
    typeof value === 'string' ? [name, value] : [name, value.name, value.size, value.type, value.lastModified],
  );
  return `${path}\nmultipart ${JSON.stringify(fields)}`;
}

async function createRequest<T>(path: string, body: unknown): Promise<Envelope<T>> {
  const submission = submissionOf(path, body);
  const idempotencyKey = openSubmissions.get(submission) ?? newUuid();
  openSubmissions.set(submission, idempotencyKey);
  try {
    const answer = await apiRequest<T>(path, { method: 'POST', body, idempotencyKey });
    openSubmissions.delete(submission);
    return answer;
  } catch (error) {
    // Still unknown: the network failed, the server failed, or the first attempt is still running (409).
    const unknown =
      error instanceof ApiError &&
      (error.statusCode === 0 || error.statusCode >= 500 || error.appCode === AppErrorCode.IDEMPOTENCY_IN_PROGRESS);
    if (!unknown) openSubmissions.delete(submission);
    throw error;
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, options: Pick<RequestOptions, 'idempotencyKey'> = {}) =>
    apiRequest<T>(path, { method: 'POST', body, ...options }),
  /**
   * POST that creates something (JSON or a multipart upload): carries an Idempotency-Key, the same one for a retry
   * of the same submission. Every create the screens make goes through it (app/create-requests.test.tsx).
   */
  create: <T>(path: string, body: unknown) => createRequest<T>(path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
