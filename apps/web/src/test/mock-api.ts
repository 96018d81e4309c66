import { vi } from 'vitest';

export type MockReply = { status?: number; body?: unknown };
type Handler = MockReply | ((body: unknown, url: URL) => MockReply | Promise<MockReply>);
export type ApiCall = {
  method: string;
  path: string;
  search: string;
  body: unknown;
  authorization: string | null;
  idempotencyKey: string | null;
};

/**
 * Replaces fetch with a table of `'METHOD /api/path'` → answer. Unlisted calls answer 404, as the real API does
 * for routes of later issues. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const headers = new Headers(init.headers);
      calls.push({
        method,
        path: url.pathname,
        search: url.search,
        body,
        authorization: headers.get('Authorization'),
        idempotencyKey: headers.get('Idempotency-Key'),
      });
      const handler = handlers[`${method} ${url.pathname}`];
      const reply = typeof handler === 'function' ? await handler(body, url) : handler;
      const { status = 200, body: json } = reply ?? {
        status: 404,
        body: { statusCode: 404, code: 'NotFound', message: 'El recurso solicitado no existe' },
      };
      return new Response(json === undefined ? null : JSON.stringify(json), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const apiError = (statusCode: number, code: string, message: string, reason?: string): MockReply => ({
  status: statusCode,
  body: { statusCode, code, message, ...(reason ? { reason } : {}) },
});
