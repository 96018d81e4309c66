import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import {
  bearer,
  buildTestApp,
  closeTestDb,
  createUser,
  fakeClock,
  json,
  signIn,
  testDb,
  type TestApp,
} from './harness';

/**
 * Issue 29's acceptance journey needs a sale's grace period to pass without waiting: with TEST_CLOCK=1 (development
 * mode only) the super user moves the API's clock, and whatever reads the time — here the operating window's business
 * day — answers for the moved time. Without the setting the routes do not exist, and production refuses to start.
 */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
  await closeTestDb();
});

type Clock = { now: string; offsetMs: number; businessDay: string };

async function appWith(env: Record<string, string>) {
  // Noon in Mexico City, so a day ahead is a day ahead in the business time zone too.
  const t = await buildTestApp({ env, clock: fakeClock(new Date('2026-12-02T18:00:00Z')) });
  apps.push(t);
  const superUser = await createUser(testDb(), 1);
  const operator = await createUser(testDb(), 3);
  const signInAs = (email: string) => signIn(t.app, email);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const businessDay = async (token: string) => {
    const response = await call('GET', '/api/configuration/operating-window', token);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ data: { day: string } }>(response).data.day;
  };
  return { t, superUser, operator, signInAs, call, businessDay };
}

describe('the API clock with TEST_CLOCK=1', async () => {
  const { superUser, operator, signInAs, call, businessDay } = await appWith({ TEST_CLOCK: '1' });

  it('moves days ahead, and the operating window answers for the new day', async () => {
    const before = await signInAs(superUser.email);
    expect(await businessDay(before)).toBe('2026-12-02');

    const moved = await call('POST', '/api/__test/clock', before, { advanceDays: 10 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<{ data: Clock }>(moved).data).toEqual({
      now: '2026-12-12T18:00:00.000Z',
      offsetMs: 10 * 24 * 60 * 60 * 1000,
      businessDay: '2026-12-12',
    });
    // Ten days on, the access token signed before the move has expired like any other: sign in again.
    expect((await call('GET', '/api/configuration/operating-window', before)).statusCode).toBe(401);
    const after = await signInAs(superUser.email);
    expect(await businessDay(after)).toBe('2026-12-12');

    const back = await call('DELETE', '/api/__test/clock', after);
    expect(json<{ data: Clock }>(back).data).toMatchObject({ offsetMs: 0, businessDay: '2026-12-02' });
    expect(await businessDay(await signInAs(superUser.email))).toBe('2026-12-02');
  });

  it('goes to an exact instant, read back in the business time zone', async () => {
    const token = await signInAs(superUser.email);
    // 02:30 UTC on the 5th is still the 4th in Mexico City (UTC−6).
    const moved = await call('POST', '/api/__test/clock', token, { now: '2027-01-05T02:30:00Z' });
    expect(json<{ data: Clock }>(moved).data).toMatchObject({
      now: '2027-01-05T02:30:00.000Z',
      businessDay: '2027-01-04',
    });
    const read = await call('GET', '/api/__test/clock', await signInAs(superUser.email));
    expect(json<{ data: Clock }>(read).data.businessDay).toBe('2027-01-04');
    await call('DELETE', '/api/__test/clock', await signInAs(superUser.email));
  });

  it('is the super user’s only, and takes days ahead or an instant, not both nor neither', async () => {
    const token = await signInAs(superUser.email);
    expect((await call('GET', '/api/__test/clock', await signInAs(operator.email))).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/__test/clock', await signInAs(operator.email), { advanceDays: 1 })).statusCode,
    ).toBe(403);
    for (const bad of [{}, { advanceDays: 0 }, { advanceDays: 1.5 }, { advanceDays: 1, now: '2027-01-01T00:00:00Z' }]) {
      expect((await call('POST', '/api/__test/clock', token, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(json<{ data: Clock }>(await call('GET', '/api/__test/clock', token)).data.offsetMs).toBe(0);
  });
});

describe('the API clock without TEST_CLOCK', async () => {
  const { superUser, signInAs, call, businessDay } = await appWith({});

  it('has no route to move it (404, as any unknown path), and the day stays the real one', async () => {
    const token = await signInAs(superUser.email);
    expect((await call('GET', '/api/__test/clock', token)).statusCode).toBe(404);
    expect((await call('POST', '/api/__test/clock', token, { advanceDays: 10 })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/__test/clock', token)).statusCode).toBe(404);
    expect(await businessDay(token)).toBe('2026-12-02');
  });
});

describe('TEST_CLOCK outside development mode', () => {
  const production = {
    JWT_SECRET: 'x'.repeat(48),
    WEB_DIST: '/nonexistent/planpiso-web-dist',
    NODE_ENV: 'production',
    CRM_URL: 'https://crm.prestamista.example',
    CRM_TOKEN: 'crm-production-token-0123456789',
    VEHICLES_URL: 'https://vehiculos.prestamista.example',
    VEHICLES_TOKEN: 'vehicles-production-token-0123456789',
    AX_URL: 'https://ax.prestamista.example',
    AX_TOKEN: 'ax-production-token-0123456789',
    ESIGN_URL: 'https://firma.proveedor.example',
    ESIGN_TOKEN: 'esign-production-token-0123456789',
    ESIGN_WEBHOOK_SECRET: 'esign-webhook-production-secret-0123456789',
  };

  it('stops the start in production, unset NODE_ENV included, and is off unless asked for', () => {
    expect(loadConfig(production).testClock).toBe(false);
    expect(loadConfig({ ...production, TEST_CLOCK: '0' }).testClock).toBe(false);
    expect(() => loadConfig({ ...production, TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
    expect(() => loadConfig({ ...production, NODE_ENV: undefined, TEST_CLOCK: 'true' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ ...production, NODE_ENV: 'development', TEST_CLOCK: '1' }).testClock).toBe(true);
  });
});
