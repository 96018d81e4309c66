// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { SESSION_MARGIN_MS, SIGN_OUT_CLEARED_KEYS, STORAGE_KEYS, type UserType } from '@planpiso/domain';
import '../test/dom';
import { apiError, mockApi } from '../test/mock-api';
import { accessTokenFor, sessionTokenFor, sessionUserOf, storeSession } from '../test/session-fixtures';
import { signIn } from '../features/identity/api/sign-in';
import { ApiError, api } from './api-client';
import { ensureSession, getSession, onSessionEnded, scheduleRefresh, signOut } from './session';

const storedKeys = () => SIGN_OUT_CLEARED_KEYS.filter((key) => localStorage.getItem(key) !== null);
const HOUR_MS = 3600_000;

describe('a 401 signs the user out (spec 1 §6, §8)', () => {
  it('from any API call: the four keys are cleared, the server revokes the cookie, the app is told', async () => {
    storeSession(sessionUserOf(3));
    localStorage.setItem(STORAGE_KEYS.operation, '{"id":1}');
    localStorage.setItem(STORAGE_KEYS.exceptionDisabled, 'true');
    const calls = mockApi({ 'GET /api/users': apiError(401, 'Unauthorized', 'La sesión no es válida') });
    const ended = vi.fn();
    const stop = onSessionEnded(ended);

    await expect(api.get('/api/users')).rejects.toBeInstanceOf(ApiError);
    stop();

    expect(storedKeys()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.exceptionDisabled)).toBe('true');
    expect(getSession()).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/identity/sign-out');
  });

  it('but not from an identity call, where 401 means a wrong password', async () => {
    storeSession(sessionUserOf(3));
    mockApi({ 'POST /api/identity/sign-in': apiError(401, 'NotAuthorizedException', 'x') });
    await expect(api.post('/api/identity/sign-in', {})).rejects.toMatchObject({ code: 'NotAuthorizedException' });
    expect(storedKeys()).toHaveLength(3);
  });

  it('other errors keep the session and carry the server message', async () => {
    storeSession(sessionUserOf(3));
    mockApi({ 'GET /api/users': apiError(403, 'Forbidden', 'No tiene permiso para realizar esta acción') });
    await expect(api.get('/api/users')).rejects.toMatchObject({
      statusCode: 403,
      code: 'Forbidden',
      message: 'No tiene permiso para realizar esta acción',
    });
    expect(getSession()).not.toBeNull();
  });
});

describe('signing out, then in again', () => {
  it('the sign-in waits until the server has ended the old sessions, so it cannot end the new one', async () => {
    const user = sessionUserOf(2);
    storeSession(user);
    let answerSignOut: () => void = () => undefined;
    const calls = mockApi({
      'POST /api/identity/sign-out': () =>
        new Promise((resolve) => (answerSignOut = () => resolve({ body: { data: { ok: true } } }))),
      'POST /api/identity/sign-in': () => ({
        body: { data: { accessToken: accessTokenFor(user), expiresIn: 3600, tokenType: 'Bearer' } },
      }),
      'POST /api/auth/login': () => ({ body: { data: { user, token: sessionTokenFor(user) } } }),
    });

    signOut();
    const signedIn = signIn(user.email, 'Propia#2026a');
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/identity/sign-out']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((c) => c.path)).toEqual(['/api/identity/sign-out']);

    answerSignOut();
    await expect(signedIn).resolves.toEqual({ kind: 'signed-in' });
    expect(calls.map((c) => c.path)).toEqual(['/api/identity/sign-out', '/api/identity/sign-in', '/api/auth/login']);
    expect(getSession()?.user.email).toBe(user.email);
  });
});

describe('session expiry and the refresh timer (spec 1 §4)', () => {
  const start = (type: UserType, counter = 0) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    storeSession(sessionUserOf(type));
    localStorage.setItem(STORAGE_KEYS.sessionCounter, String(counter));
  };

  it('the session expires at the token lifetime minus 6000 ms', () => {
    start(2);
    expect(getSession()!.expiresAt).toBe(Date.now() + HOUR_MS - SESSION_MARGIN_MS);
  });

  it('type 2 refreshes 6 s before expiry and counts the refresh', async () => {
    start(2);
    const fresh = accessTokenFor(sessionUserOf(2), Date.now() + HOUR_MS);
    const calls = mockApi({
      'POST /api/identity/refresh': { body: { data: { accessToken: fresh, expiresIn: 3600, tokenType: 'Bearer' } } },
    });
    scheduleRefresh();
    await vi.advanceTimersByTimeAsync(HOUR_MS - SESSION_MARGIN_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.sessionCounter)).toBe('1'));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(fresh);
    expect(calls.map((c) => c.path)).toEqual(['/api/identity/refresh']);

    // The refreshed token is timed from its own iat, so the next refresh comes an hour later, not at once.
    await vi.advanceTimersByTimeAsync(HOUR_MS - 2 * SESSION_MARGIN_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SESSION_MARGIN_MS + 1);
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.sessionCounter)).toBe('2'));
  });

  it.each([
    ['type 3', 3, 0],
    ['type 2 after three refreshes', 2, 3],
  ] as const)('%s is signed out when the session ends', async (_label, type, counter) => {
    start(type, counter);
    const calls = mockApi({});
    scheduleRefresh();
    await vi.advanceTimersByTimeAsync(HOUR_MS - SESSION_MARGIN_MS);
    expect(storedKeys()).toEqual([]);
    expect(calls.map((c) => c.path)).toEqual(['/api/identity/sign-out']);
  });

  it('a failed refresh signs out', async () => {
    start(2);
    mockApi({ 'POST /api/identity/refresh': apiError(401, 'Unauthorized', 'x') });
    scheduleRefresh();
    await vi.advanceTimersByTimeAsync(HOUR_MS);
    expect(storedKeys()).toEqual([]);
  });

  it('a start-up check that gets no answer (the page was left, the network is down) keeps the session', async () => {
    storeSession(sessionUserOf(5));
    const calls = mockApi({
      'GET /api/identity/session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await ensureSession()).toBe(true);
    expect(storedKeys().length).toBeGreaterThan(0);
    expect(getSession()?.user.type).toBe(5);
    // Not remembered as verified: the next guard asks the server again.
    await ensureSession();
    expect(calls.filter((c) => c.path === '/api/identity/session')).toHaveLength(2);
  });

  it('a start-up check whose answer is cut short (the page was left mid-response) keeps the session', async () => {
    storeSession(sessionUserOf(5));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const body = new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    expect(await ensureSession()).toBe(true);
    expect(getSession()?.user.type).toBe(5);
  });

  it('a start-up check the server refuses signs out', async () => {
    storeSession(sessionUserOf(5));
    mockApi({ 'GET /api/identity/session': apiError(401, 'Unauthorized', 'x') });
    expect(await ensureSession()).toBe(false);
    expect(storedKeys()).toEqual([]);
  });

  it('the start-up check asks the server once per token', async () => {
    storeSession(sessionUserOf(2));
    const calls = mockApi({
      'GET /api/identity/session': {
        body: { data: { sub: '102', email: 'x', exp: Date.now() / 1000 + 3600, authTime: 0 } },
      },
    });
    expect(await ensureSession()).toBe(true);
    expect(await ensureSession()).toBe(true);
    expect(calls.filter((c) => c.path === '/api/identity/session')).toHaveLength(1);
    expect(calls[0]?.authorization).toBe(`Bearer ${localStorage.getItem(STORAGE_KEYS.accessToken)}`);
  });
});
