import { STORAGE_KEYS, type SessionUser, type UserType } from '@planpiso/domain';

const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned JWT: the browser only reads claims, the (mocked) server does the verifying. */
export const fakeJwt = (payload: Record<string, unknown>) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;

const NAMES: Record<UserType, [string, string]> = {
  1: ['Sofía', 'Martínez'],
  2: ['Andrés', 'Núñez'],
  3: ['Olga', 'Pérez'],
  4: ['Raúl', 'Garza'],
  5: ['Lucía', 'Treviño'],
};

export const COMPANIES = [
  { id: 11, name: 'Autos del Norte', clientId: '10001' },
  { id: 12, name: 'Camiones del Norte', clientId: '10002' },
];

export function sessionUserOf(type: UserType, overrides: Partial<SessionUser> = {}): SessionUser {
  const dealer = type === 4 || type === 5;
  const [firstname, lastname] = NAMES[type];
  return {
    id: 100 + type,
    firstname,
    lastname,
    email: `tipo${type}@planpiso.mx`,
    type,
    account: dealer ? { id: 1, name: 'Grupo Automotriz del Norte' } : null,
    company: dealer ? COMPANIES[0]! : null,
    companies: dealer ? COMPANIES.map(({ id, name }) => ({ id, name })) : [],
    agency: type === 5 ? { id: 7, name: 'Sucursal Monterrey Centro' } : null,
    role: { id: type, name: `Rol tipo ${type}` },
    ...overrides,
  };
}

export function accessTokenFor(user: SessionUser, nowMs = Date.now(), lifetimeSeconds = 3600) {
  const iat = Math.floor(nowMs / 1000);
  // jti keeps tokens of the same second apart: the session module remembers which token it already checked.
  return fakeJwt({
    sub: String(user.id),
    email: user.email,
    iat,
    auth_time: iat,
    exp: iat + lifetimeSeconds,
    token_use: 'access',
    jti: crypto.randomUUID(),
  });
}

export const sessionTokenFor = (user: SessionUser) => fakeJwt({ sub: String(user.id), user, iat: 0, exp: 9999999999 });

/** Stores a signed-in session the way the app leaves it after sign-in. */
export function storeSession(user: SessionUser, nowMs = Date.now(), lifetimeSeconds = 3600): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, accessTokenFor(user, nowMs, lifetimeSeconds));
  localStorage.setItem(STORAGE_KEYS.sessionToken, sessionTokenFor(user));
  localStorage.setItem(STORAGE_KEYS.sessionCounter, '0');
}

/** The answer of GET /api/identity/session for a live token. */
export const sessionCheck = () => ({
  body: { data: { sub: '1', email: 'x@planpiso.mx', exp: Math.floor(Date.now() / 1000) + 3600, authTime: 0 } },
});
