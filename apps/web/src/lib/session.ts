import { useSyncExternalStore } from 'react';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AUTH_OPERATIONS,
  IDENTITY_OPERATIONS,
  SIGN_OUT_CLEARED_KEYS,
  STORAGE_KEYS,
  canRefreshSession,
  isTokenExpired,
  isUserType,
  refreshDelayMs,
  sessionExpiryMs,
  sessionUser,
  type SessionUser,
  type Tokens,
} from '@planpiso/domain';
import { ApiError, onUnauthorized } from './api-client';
import { callOperation } from './operation-client';
import { accessClaims, decodeJwtPayload } from './jwt';

/**
 * The browser session of spec 1 §4. localStorage is the source of truth (`aws` access token, `token` signed
 * session user, `sesions` refresh counter), so a reload or a second tab sees the same session; this module
 * caches what it decodes from those strings.
 */
export type Session = { user: SessionUser; accessToken: string; expiresAt: number };
type LoginData = { user: SessionUser; token: string };

const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();
let snapshot: { key: string; session: Session | null } = { key: '', session: null };
let userCache: { token: string; user: SessionUser } | null = null;
/** The start-up check, per access token: a token confirmed once is not asked about again. */
let verified: { accessToken: string; result: Promise<boolean> } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

const read = (key: string) => localStorage.getItem(key);

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** The signed session user: the login answer when we have it, else the token's payload (after a reload). */
function userFromToken(token: string): SessionUser | null {
  if (userCache?.token === token) return userCache.user;
  const payload = decodeJwtPayload(token);
  const parsed = sessionUser.safeParse(payload && 'user' in payload ? payload.user : payload);
  return parsed.success ? parsed.data : null;
}

function buildSession(accessToken: string | null, token: string | null): Session | null {
  if (!accessToken || !token) return null;
  const claims = accessClaims(accessToken);
  const user = userFromToken(token);
  if (!claims || !user) return null;
  const start = claims.iat ?? claims.authTime ?? claims.exp - ACCESS_TOKEN_TTL_SECONDS;
  // spec 1 §4: the session expires at the token lifetime (ms) minus 6000.
  return { user, accessToken, expiresAt: start * 1000 + sessionExpiryMs((claims.exp - start) * 1000) };
}

export function getSession(): Session | null {
  const accessToken = read(STORAGE_KEYS.accessToken);
  const token = read(STORAGE_KEYS.sessionToken);
  const key = `${accessToken}|${token}`;
  if (snapshot.key !== key) snapshot = { key, session: buildSession(accessToken, token) };
  return snapshot.session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** Runs after every sign-out (the router goes to /login, the shell empties its query cache). */
export function onSessionEnded(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

function storeLogin(data: LoginData): void {
  userCache = { token: data.token, user: data.user };
  localStorage.setItem(STORAGE_KEYS.sessionToken, data.token);
}

/** After sign-in or a completed new password: keep the tokens, load the session user, start the timer. */
export async function establishSession(tokens: Tokens): Promise<Session> {
  clearTimer();
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.sessionCounter, '0');
  try {
    const { data } = await callOperation(AUTH_OPERATIONS.login, { body: {} });
    storeLogin(data);
  } catch (error) {
    clearStoredSession();
    throw error;
  }
  verified = { accessToken: tokens.accessToken, result: Promise.resolve(true) };
  emit();
  scheduleRefresh();
  const session = getSession();
  if (!session) throw new Error('The session user could not be read');
  return session;
}

/** Header company switch (spec 1 §2.3): the server answers with the new session user and its token. */
export async function switchCompany(companyId: number): Promise<void> {
  const session = getSession();
  if (!session) return;
  const { data } = await callOperation(AUTH_OPERATIONS.setInformation, {
    body: { userId: session.user.id, companyId },
  });
  storeLogin(data);
  emit();
}

function clearStoredSession(): void {
  clearTimer();
  verified = null;
  userCache = null;
  for (const key of SIGN_OUT_CLEARED_KEYS) localStorage.removeItem(key);
}

/** The server's side of the last sign-out, until it has answered (or failed). */
let pendingSignOut: Promise<void> | null = null;
/** How long a sign-in waits for a sign-out the server has not answered (a hung call must not block it). */
const SIGN_OUT_WAIT_MS = 10_000;

/** spec 1 §4: revoke the refresh cookie, clear token, access token, operation and counter, go to /login. */
export function signOut(): void {
  // The local sign-out does not wait for (or depend on) the server; a sign-in that follows does (signOutSettled).
  const call: Promise<void> = callOperation(IDENTITY_OPERATIONS.signOut).then(
    () => undefined,
    () => undefined,
  );
  pendingSignOut = call;
  void call.then(() => {
    if (pendingSignOut === call) pendingSignOut = null;
  });
  clearStoredSession();
  emit();
  endListeners.forEach((listener) => listener());
}

/**
 * Resolves once the server has handled the last sign-out. The server ends *every* session of the user (decision
 * 065): a sign-out it handled after the next sign-in of the same user would end that new session at once, so a
 * sign-in waits for it first (bounded: a sign-out that never answers does not hold the sign-in).
 */
export function signOutSettled(): Promise<void> {
  const pending = pendingSignOut;
  if (!pending) return Promise.resolve();
  return new Promise((resolve) => {
    const timeout = setTimeout(resolve, SIGN_OUT_WAIT_MS);
    void pending.then(() => {
      clearTimeout(timeout);
      resolve();
    });
  });
}

/**
 * The start-up check of spec 1 §4, once per page load: a stored session is confirmed with the server; a
 * failed check or an expired token signs out. Guards await it before showing any application route.
 */
export function ensureSession(): Promise<boolean> {
  const session = getSession();
  if (!session) {
    // Half a session (e.g. a token without its access token) is as good as none.
    if (read(STORAGE_KEYS.accessToken) || read(STORAGE_KEYS.sessionToken)) clearStoredSession();
    return Promise.resolve(false);
  }
  if (session.expiresAt <= Date.now()) {
    signOut();
    return Promise.resolve(false);
  }
  if (verified?.accessToken !== session.accessToken) {
    verified = { accessToken: session.accessToken, result: verifyWithServer() };
  }
  return verified.result;
}

async function verifyWithServer(): Promise<boolean> {
  let exp: number;
  try {
    ({
      data: { exp },
    } = await callOperation(IDENTITY_OPERATIONS.session));
  } catch (error) {
    // Only the server's refusal (an answer with an HTTP status) fails the check. No answer at all — the browser
    // cancels the call when the page is left (a second reload right after the first), a body cut short, the
    // network down — keeps the session: the next guard asks again, and the server still signs the user out with
    // the first 401 (spec 1 §6).
    if (error instanceof ApiError && error.statusCode > 0) {
      signOut();
      return false;
    }
    verified = null;
    return true;
  }
  if (isTokenExpired(exp, Date.now())) {
    signOut();
    return false;
  }
  scheduleRefresh();
  return true;
}

function clearTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

/**
 * spec 1 §4: the timer fires at (exp − start) − 6 s. The first token starts at auth_time, a refreshed one at its
 * own iat (docs/decisions/003); after a reload mid-session the start is now, so the timer never fires late.
 */
export function scheduleRefresh(now = Date.now()): void {
  clearTimer();
  const claims = accessClaims(read(STORAGE_KEYS.accessToken));
  if (!claims) return;
  const refreshed = Number(read(STORAGE_KEYS.sessionCounter) ?? '0') > 0;
  const issued = (refreshed ? claims.iat : claims.authTime) ?? claims.iat ?? claims.authTime ?? 0;
  const start = Math.max(issued, Math.floor(now / 1000));
  timer = setTimeout(() => void onTimer(), refreshDelayMs(claims.exp, start));
}

async function onTimer(): Promise<void> {
  timer = undefined;
  const session = getSession();
  const counter = Number(read(STORAGE_KEYS.sessionCounter) ?? '0') || 0;
  // Only type 2 refreshes, at most 3 times; everybody else is signed out when the session ends.
  if (!session || !isUserType(session.user.type) || !canRefreshSession(session.user.type, counter)) {
    signOut();
    return;
  }
  try {
    const { data } = await callOperation(IDENTITY_OPERATIONS.refresh);
    localStorage.setItem(STORAGE_KEYS.accessToken, data.accessToken);
    localStorage.setItem(STORAGE_KEYS.sessionCounter, String(counter + 1));
    verified = { accessToken: data.accessToken, result: Promise.resolve(true) };
    emit();
    scheduleRefresh();
  } catch {
    signOut();
  }
}

onUnauthorized(signOut);

// Another tab signing in or out changes the same keys: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !(SIGN_OUT_CLEARED_KEYS as readonly string[]).includes(event.key)) return;
    const hadSession = snapshot.session !== null;
    emit();
    if (hadSession && !getSession()) {
      clearTimer();
      verified = null;
      endListeners.forEach((listener) => listener());
    }
  });
}
