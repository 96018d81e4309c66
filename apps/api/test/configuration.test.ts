import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operatingEnded,
  operatingNonWorkingDay,
  operatingNotStarted,
  type ConfigurationResponse,
  type ErrorResponse,
  CONFIGURATION_MESSAGES,
  MESSAGES,
} from '@planpiso/domain';
import { buildApp } from '../src/app';
import { auditLog } from '../src/db/schema/audit';
import { nonWorkingDays } from '../src/db/schema/non-working-days';
import { DEMO_PASSWORD, DEMO_PROVISION_EMAIL, DEMO_USERS } from '../src/seed';
import { assertOperatingWindow, operatingVerdict } from '../src/modules/provision-settings/operating-window';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// The provisions configuration (spec 2 §2) and the operating window it drives (spec 3 §5, ARCHITECTURE §6), on a
// database of its own: the configuration is one row.

const seeded = await seededDatabase('configuration');
const clock = fakeClock();
const app = await buildApp({ config: testConfig(), db: seeded.db, clock, logger: testLogger() });
const tokens = new Map<number, string>();

beforeAll(async () => {
  await app.ready();
  for (const user of DEMO_USERS) tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const saved = {
  email: 'disposiciones@planpiso.mx',
  startOperation: { days: 0, hours: '08:30' },
  endOperation: { days: 0, hours: '17:45' },
  provision: { days: 15, hours: '00:00' },
  transunion: { days: 2, hours: '01:15' },
  repuve: { days: 1, hours: '03:00' },
  ax: { days: 3, hours: '04:40' },
};

const save = (type: number, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/configuration',
    payload: payload as object,
    headers: bearer(tokens.get(type)!),
  });
const read = async (type = 2) =>
  json<{ data: ConfigurationResponse }>(
    await app.inject({ method: 'GET', url: '/api/configuration', headers: bearer(tokens.get(type)!) }),
  ).data;

describe('reading and saving', () => {
  it('requires a session; every signed-in type may read it', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/configuration' })).statusCode).toBe(401);
    const configuration = await read(5);
    expect(configuration.startOperation.hours).toMatch(/^\d{2}:\d{2}$/);
    // The demo seed gives the configuration its e-mail (issue 26 §5).
    expect(configuration.email).toBe(DEMO_PROVISION_EMAIL);
  });

  it('saves for types 1 and 2 with the spec’s message and an audit row, and reads back what was typed — AX included', async () => {
    const response = await save(2, saved);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ message: 'Configuración guardada' });
    expect(await read()).toMatchObject(saved);
    const audit = await seeded.db.select().from(auditLog).where(eq(auditLog.action, 'configuration.saved'));
    expect(audit.at(-1)?.after).toMatchObject({ ax: { days: 3, hours: '04:40' } });
    expect((await save(1, { ...saved, email: 'mesa@planpiso.mx' })).statusCode).toBe(200);
    expect((await read()).email).toBe('mesa@planpiso.mx');
  });

  it('saves the hours with the e-mail left empty: an unrelated field never blocks a save (issue 26 §5)', async () => {
    const hours = { ...saved, email: '', startOperation: { days: 0, hours: '07:15' } };
    const response = await save(2, hours);
    expect(response.statusCode, response.body).toBe(200);
    expect(await read()).toMatchObject({ email: '', startOperation: { days: 0, hours: '07:15' } });
  });

  it.each([3, 4, 5])('refuses type %i, changing nothing', async (type) => {
    const before = await read();
    const response = await save(type, { ...saved, email: 'otro@planpiso.mx' });
    expect(response.statusCode).toBe(403);
    expect(await read()).toEqual(before);
  });

  it('refuses bad input in Spanish and saves nothing of it', async () => {
    const before = await read();
    const badTime = await save(2, { ...saved, endOperation: { days: 0, hours: '25:00' } });
    expect(badTime.statusCode).toBe(400);
    expect(json<ErrorResponse>(badTime).message).toBe(CONFIGURATION_MESSAGES.configurationTimeInvalid);
    const badDays = await save(2, { ...saved, repuve: { days: -2, hours: '03:00' } });
    expect(json<ErrorResponse>(badDays).message).toBe(CONFIGURATION_MESSAGES.configurationDaysInvalid);
    const badEmail = await save(2, { ...saved, email: 'no-es-correo' });
    expect(json<ErrorResponse>(badEmail).message).toBe(CONFIGURATION_MESSAGES.serviceDeskEmailInvalid);
    // A cleared day field is not 0 (issue 14 §1.3): required means required on the server too.
    for (const cleared of ['', null]) {
      const noDays = await save(2, { ...saved, provision: { days: cleared, hours: '00:00' } });
      expect(noDays.statusCode).toBe(400);
      expect(json<ErrorResponse>(noDays).message).toBe(MESSAGES.required);
    }
    expect(await read()).toEqual(before);
  });
});

describe('the operating window', () => {
  // Mexico City is UTC−6: 15:00Z is 09:00 there.
  const at = (utc: string) => new Date(utc);

  it('follows the saved hours at once', async () => {
    await save(2, { ...saved, startOperation: { days: 0, hours: '09:00' }, endOperation: { days: 0, hours: '18:00' } });
    expect(await operatingVerdict(seeded.db, at('2030-03-05T14:59:00Z'))).toMatchObject({
      allowed: false,
      message: operatingNotStarted('09:00', '18:00'),
    });
    expect((await operatingVerdict(seeded.db, at('2030-03-05T15:00:00Z'))).allowed).toBe(true);
    expect(await operatingVerdict(seeded.db, at('2030-03-06T00:00:00Z'))).toMatchObject({
      allowed: false,
      message: operatingEnded('09:00', '18:00'),
    });

    await save(2, { ...saved, startOperation: { days: 0, hours: '08:00' }, endOperation: { days: 0, hours: '19:00' } });
    expect((await operatingVerdict(seeded.db, at('2030-03-05T14:30:00Z'))).allowed).toBe(true);
  });

  it('refuses a registered non-working day with its reason, whatever the hour', async () => {
    await seeded.db.insert(nonWorkingDays).values({ date: '2030-03-18', reason: 'Natalicio de Benito Juárez' });
    const verdict = await operatingVerdict(seeded.db, at('2030-03-18T17:00:00Z'));
    expect(verdict).toMatchObject({ allowed: false, message: operatingNonWorkingDay('Natalicio de Benito Juárez') });
    await expect(assertOperatingWindow(seeded.db, at('2030-03-18T17:00:00Z'))).rejects.toMatchObject({
      statusCode: 422,
      message: operatingNonWorkingDay('Natalicio de Benito Juárez'),
    });
    // The next day is an ordinary one.
    await expect(assertOperatingWindow(seeded.db, at('2030-03-19T17:00:00Z'))).resolves.toBeUndefined();
  });

  it('tells any signed-in user the verdict before they type (GET /api/configuration/operating-window)', async () => {
    const dealer = DEMO_USERS.find((user) => user.type === 5)!;
    // Signed in at the clock's time, so the token is valid at that moment.
    const window = async () =>
      json<{ data: { allowed: boolean; message: string | null } }>(
        await app.inject({
          method: 'GET',
          url: '/api/configuration/operating-window',
          headers: bearer(await signIn(app, dealer.email, DEMO_PASSWORD)),
        }),
      ).data;
    expect((await app.inject({ method: 'GET', url: '/api/configuration/operating-window' })).statusCode).toBe(401);
    clock.set(at('2030-03-18T17:00:00Z'));
    expect(await window()).toEqual({
      allowed: false,
      message: operatingNonWorkingDay('Natalicio de Benito Juárez'),
      day: '2030-03-18',
    });
    clock.set(at('2030-03-19T17:00:00Z'));
    expect(await window()).toEqual({ allowed: true, message: null, day: '2030-03-19' });
  });
});
