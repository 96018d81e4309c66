import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type CreditFailureResponse, type ErrorResponse, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { CRM_REJECTIONS, FAILING_VINS, VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { buildApp } from '../src/app';
import { DEMO_PASSWORD } from '../src/seed';
import { queueInsertions, insertionRow } from './financing-fixtures';
import { bearer, fakeClock, json, signIn, simulatorEnv, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// Créditos con fallos (spec 2): the list and the actions Reintentar, Insertar and Remover, against the run's
// simulated CRM over HTTP.

const seeded = await seededDatabase('credit_failures');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
let superUser: string;
let admin: string;

beforeAll(async () => {
  await app.ready();
  superUser = await signIn(app, 'superusuario@planpiso.mx', DEMO_PASSWORD);
  admin = await signIn(app, 'administrador@planpiso.mx', DEMO_PASSWORD);
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const list = async (query = '') => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/credits-failures${query}`,
    headers: bearer(superUser),
  });
  expect(response.statusCode).toBe(200);
  return json<{ data: { items: CreditFailureResponse[]; total: number } }>(response).data;
};
const act = (method: 'PATCH' | 'POST', path: string, payload?: object, token = superUser) =>
  app.inject({ method, url: `/api/credits-failures/${path}`, payload, headers: bearer(token) });

async function crmInsertedVins(): Promise<string[]> {
  const env = simulatorEnv();
  const response = await fetch(`${env.CRM_URL}/__admin/insertions`, {
    headers: { authorization: `Bearer ${env.CRM_TOKEN}` },
  });
  const body = (await response.json()) as { result: { vin: string } }[];
  return body.map((insertion) => insertion.result.vin);
}

describe('the list', () => {
  it('holds the demo seed’s credit failures: one the CRM refused, one an outage kept out', async () => {
    const page = await list('?pageSize=100');
    const refused = page.items.find((item) => item.vinNumer === FAILING_VINS.crmInsertion[0]);
    expect(refused).toMatchObject({
      legalName: 'Autos del Norte S.A. de C.V.',
      creditLine: 'LC-10001-01',
      type: 'Nuevos',
    });
    expect(refused!.lastError).toBe(CRM_REJECTIONS[FAILING_VINS.crmInsertion[0]!]);
    expect(page.items.some((item) => item.lastError.startsWith('Ocurrió un error API externa'))).toBe(true);
  });

  it('shows failed insertions only, with the spec’s fields, newest attempt first', async () => {
    const vin = FAILING_VINS.crmInsertion[0]!;
    const { provision } = await queueInsertions(seeded.db, [vin], 'failed', new Date('2026-11-20T17:05:00Z'));
    await queueInsertions(seeded.db, [VALID_NEW_VINS[5]!], 'inserted');
    const page = await list(`?folio=${provision.folio}`);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      folio: String(provision.folio),
      useManualFolio: false,
      legalName: 'Autos del Norte S.A. de C.V.',
      type: 'Seminuevos',
      creditLine: 'LC-10001-02',
      vinNumer: vin,
      // Mexico City time, split by the screen into Fecha and Hora.
      lastDate: '20/11/2026 11:05',
    });
  });

  it('filters by the day of the last attempt and pages on the server', async () => {
    await queueInsertions(
      seeded.db,
      [VALID_NEW_VINS[6]!, VALID_NEW_VINS[7]!],
      'failed',
      new Date('2025-01-15T18:00:00Z'),
    );
    const day = await list('?from=2025-01-15&to=2025-01-15');
    expect(day.total).toBe(2);
    const first = await list('?from=2025-01-15&to=2025-01-15&pageSize=10&page=2');
    expect(first.items).toEqual([]);
    expect((await list('?from=2025-01-16&to=2025-01-16')).total).toBe(0);
  });

  it('is the super user’s alone, and refuses a bad filter in Spanish', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/credits-failures' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/credits-failures', headers: bearer(admin) })).statusCode).toBe(
      403,
    );
    const bad = await app.inject({
      method: 'GET',
      url: '/api/credits-failures?from=2025-13-01',
      headers: bearer(superUser),
    });
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorResponse>(bad).message).toBe('Formato fecha incorrecto');
  });
});

describe('the actions', () => {
  it('Reintentar puts the unit back in the queue for the next cycle, once', async () => {
    const { ids } = await queueInsertions(seeded.db, [VALID_NEW_VINS[8]!], 'failed');
    const response = await act('PATCH', `${ids[0]}/retryInsertion`, { retry: true, version: 1 });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      message: CONFIGURATION_MESSAGES.creditFailureQueued,
      data: { status: 'queued', version: 2 },
    });
    expect(await insertionRow(seeded.db, ids[0]!)).toMatchObject({ status: 'queued', version: 2 });
    // The screen that acted reloads and sees the row gone; a retry at the new version meets the wrong status.
    const again = await act('PATCH', `${ids[0]}/retryInsertion`, { retry: true, version: 2 });
    expect(again.statusCode).toBe(409);
    expect(json<ErrorResponse>(again)).toMatchObject({
      code: 'INVALID_STATUS',
      message: CONFIGURATION_MESSAGES.creditFailureNotFailed,
    });
  });

  it('Remover archives the attempt: it leaves the list', async () => {
    const { ids, provision } = await queueInsertions(seeded.db, [VALID_NEW_VINS[9]!], 'failed');
    const response = await act('PATCH', `${ids[0]}/archive`, { archive: true, version: 1 });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      message: CONFIGURATION_MESSAGES.creditFailureArchived,
      data: { status: 'archived' },
    });
    expect((await list(`?folio=${provision.folio}`)).total).toBe(0);
  });

  it('Insertar inserts the unit into the CRM now', async () => {
    const vin = VALID_NEW_VINS[10]!;
    const { ids } = await queueInsertions(seeded.db, [vin], 'failed');
    const response = await act('POST', `${ids[0]}/insertUnit`, { version: 1 });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      message: CONFIGURATION_MESSAGES.creditFailureInserted,
      data: { status: 'inserted' },
    });
    const row = await insertionRow(seeded.db, ids[0]!);
    expect(row.status).toBe('inserted');
    expect(row.creditNumber).toBeTruthy();
    expect(row.attempts).toBe(2);
    expect(await crmInsertedVins()).toContain(vin);
  });

  it('Insertar of a unit the CRM refuses answers its words and keeps the credit failure', async () => {
    const vin = FAILING_VINS.crmInsertion[1]!;
    const { ids } = await queueInsertions(seeded.db, [vin], 'failed');
    const response = await act('POST', `${ids[0]}/insertUnit`, { version: 1 });
    expect(response.statusCode).toBe(422);
    expect(json<ErrorResponse>(response)).toMatchObject({ code: 'CRM_REJECTED', message: MESSAGES.crmRejected });
    expect(json<ErrorResponse>(response).detail).toContain(CRM_REJECTIONS[vin]);
    const row = await insertionRow(seeded.db, ids[0]!);
    expect(row).toMatchObject({ status: 'failed', lastError: CRM_REJECTIONS[vin], attempts: 2 });
  });

  it('answers 404 for an unknown attempt and 400 for a body that is not the spec’s', async () => {
    expect((await act('POST', '2147483000/insertUnit', { version: 1 })).statusCode).toBe(404);
    const { ids } = await queueInsertions(seeded.db, [VALID_NEW_VINS[11]!], 'failed');
    expect((await act('PATCH', `${ids[0]}/archive`, { archive: false, version: 1 })).statusCode).toBe(400);
    expect((await act('PATCH', `${ids[0]}/retryInsertion`, {})).statusCode).toBe(400);
    expect((await act('PATCH', `${ids[0]}/archive`, { archive: true })).statusCode).toBe(400);
    expect((await act('POST', `${ids[0]}/insertUnit`)).statusCode).toBe(400);
    expect((await act('PATCH', `${ids[0]}/archive`, { archive: true, version: 1 }, admin)).statusCode).toBe(403);
    expect(await insertionRow(seeded.db, ids[0]!)).toMatchObject({ status: 'failed', version: 1 });
  });
});

// docs/decisions/016: each action names the version the screen read; the row moved since answers 409.
describe('a screen that is out of date', () => {
  it('lists each failure with its status and version', async () => {
    const { provision } = await queueInsertions(seeded.db, [VALID_NEW_VINS[12]!], 'failed');
    expect((await list(`?folio=${provision.folio}`)).items).toEqual([
      expect.objectContaining({ status: 'failed', version: 1 }),
    ]);
  });

  it.each([
    ['PATCH', 'archive', { archive: true }],
    ['PATCH', 'retryInsertion', { retry: true }],
    ['POST', 'insertUnit', {}],
  ] as const)('%s %s at a stale version answers 409 in Spanish and changes nothing', async (method, path, body) => {
    const { ids } = await queueInsertions(seeded.db, [VALID_NEW_VINS[13]!], 'failed');
    // Someone retried, and the cycle failed it again: failed once more, at version 3.
    expect((await act('PATCH', `${ids[0]}/retryInsertion`, { retry: true, version: 1 })).statusCode).toBe(200);
    await seeded.db.execute(
      sql`update crm_insertions set status = 'failed', version = version + 1 where id = ${ids[0]}`,
    );
    const before = await insertionRow(seeded.db, ids[0]!);
    expect(before).toMatchObject({ status: 'failed', version: 3 });
    const stale = await act(method, `${ids[0]}/${path}`, { ...body, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(json<ErrorResponse>(stale)).toEqual({
      statusCode: 409,
      code: 'STALE_VERSION',
      message: MESSAGES.staleVersion,
    });
    expect(await insertionRow(seeded.db, ids[0]!)).toEqual(before);
  });

  it('of two Remover racing from the same version, exactly one wins', async () => {
    const { ids } = await queueInsertions(seeded.db, [VALID_NEW_VINS[14]!], 'failed');
    const answers = await Promise.all(
      [0, 1].map(() => act('PATCH', `${ids[0]}/archive`, { archive: true, version: 1 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(json<ErrorResponse>(answers.find((a) => a.statusCode === 409)!).code).toBe('STALE_VERSION');
    expect(await insertionRow(seeded.db, ids[0]!)).toMatchObject({ status: 'archived', version: 2 });
  });
});
