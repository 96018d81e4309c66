import { afterAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  businessClock,
  type NonWorkingDayResponse,
  type UserType,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, buildTestApp, createOrganisation, json, signIn } from './harness';
import { seededDatabase } from './seeded-database';
import { auditEntries, sharedApp, type Body, type Paged, signedInActors } from './support/shared-app';

/** Non-working days (spec 2 §2–§7) on the shared test database; the list on a database of its own. */
const t = await sharedApp();
const { app, db } = t;

const org = await createOrganisation(db);
const actors = await signedInActors(app, db, org, [1, 2, 3, 4, 5]);
const superUser = actors.get(1)!;
const call = (type: UserType, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(actors.get(type)!.token), ...(payload ? { payload } : {}) });

// Each test registers days of its own; the shared database keeps them all, and a day exists once.
let nextDay = 0;
const freshDay = () => {
  nextDay += 1;
  const day = new Date(Date.UTC(2040, 0, 1) + nextDay * 86_400_000);
  return day.toISOString().slice(0, 10);
};
const create = async (date: string, reason = 'Día festivo') => {
  const response = await call(1, 'POST', '/api/non-workings', { date, reason });
  expect(response.statusCode, response.body).toBe(201);
  return json<Body<NonWorkingDayResponse>>(response).data;
};
const auditOf = (action: string, id: number) => auditEntries(db, action, id);

describe('who may call (spec 2 §6: Días inhábiles is on type 1’s menu only)', () => {
  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/non-workings'],
      ['POST', '/api/non-workings'],
      ['DELETE', '/api/non-workings/1'],
    ] as const) {
      const response = await app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each([2, 3, 4, 5] as const)('type %i is refused every call, and nothing changes', async (type) => {
    const day = await create(freshDay());
    const list = await call(type, 'GET', '/api/non-workings');
    const post = await call(type, 'POST', '/api/non-workings', { date: freshDay(), reason: 'Ajeno' });
    const remove = await call(type, 'DELETE', `/api/non-workings/${day.id}`);
    for (const response of [list, post, remove]) {
      expect(response.statusCode).toBe(403);
      expect(json<Body>(response)).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
    }
    expect((await call(1, 'DELETE', `/api/non-workings/${day.id}`)).statusCode).toBe(200);
  });
});

describe('registering a day (spec 2 §2, §5, §8)', () => {
  it('saves the date (YYYY-MM-DD) and the reason, with the spec’s message and an audit row', async () => {
    const date = freshDay();
    const response = await call(1, 'POST', '/api/non-workings', { date, reason: '  Día de la Independencia ' });
    expect(response.statusCode).toBe(201);
    const body = json<Body<NonWorkingDayResponse>>(response);
    expect(body.message).toBe(CONFIGURATION_MESSAGES.nonWorkingDaySaved);
    expect(body.message).toBe('El día inhabil se ha guardado');
    expect(body.data).toEqual({
      id: expect.any(Number),
      date,
      reason: 'Día de la Independencia',
      createdAt: businessClock(new Date()).day,
    });
    expect(await auditOf('non-working-day.created', body.data.id)).toEqual([
      { actor: superUser.id, before: null, after: body.data },
    ]);
  });

  it.each([
    [{}, { date: 'La fecha es obligatorio', reason: 'El motivo es obligatorio' }],
    [
      { date: '', reason: '' },
      { date: 'La fecha es obligatorio', reason: 'El motivo es obligatorio' },
    ],
    [{ date: '2041-03-01', reason: '   ' }, { reason: 'El motivo es obligatorio' }],
    [{ date: '01/03/2041', reason: 'Feriado' }, { date: 'Formato fecha incorrecto' }],
    [{ date: '2041-02-30', reason: 'Feriado' }, { date: 'Formato fecha incorrecto' }],
    [{ date: '2041-03-01', reason: 'x'.repeat(151) }, { reason: 'Máximo 150 caracteres' }],
    [{ date: 20410301, reason: 'Feriado' }, { date: 'La fecha es obligatorio' }],
  ] as const)('%j → 400 %j', async (payload, fields) => {
    const response = await call(1, 'POST', '/api/non-workings', payload);
    expect(response.statusCode).toBe(400);
    const body = json<Body>(response);
    expect(body.fields).toEqual(fields);
    expect(Object.values(fields)).toContain(body.message);
  });

  it('refuses a date registered already (409), whatever the reason, and keeps the first', async () => {
    const date = freshDay();
    const first = await create(date, 'Primero');
    const again = await call(1, 'POST', '/api/non-workings', { date, reason: 'Segundo' });
    expect(again.statusCode).toBe(409);
    expect(json<Body>(again)).toMatchObject({
      code: 'NON_WORKING_DAY_TAKEN',
      message: CONFIGURATION_MESSAGES.nonWorkingDayTaken,
    });
    const rows = json<Paged<NonWorkingDayResponse>>(await call(1, 'GET', '/api/non-workings?pageSize=100')).data.items;
    expect(rows.filter((r) => r.date === date)).toEqual([first]);
  });

  it('two requests for the same day at once: one is saved, the other is told the day is taken', async () => {
    const date = freshDay();
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((reason) => call(1, 'POST', '/api/non-workings', { date, reason })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const date = freshDay();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/non-workings',
        headers: { ...bearer(superUser.token), 'idempotency-key': `dia-${date}` },
        payload: { date, reason: 'Reintento' },
      });
    const first = await send();
    const retry = await send();
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(json<Body<NonWorkingDayResponse>>(retry).data.id).toBe(json<Body<NonWorkingDayResponse>>(first).data.id);
  });
});

describe('deleting a day (spec 2 §2, §4, §8)', () => {
  it('removes it with the spec’s message and an audit row; the day can be registered again', async () => {
    const day = await create(freshDay(), 'Puente');
    const response = await call(1, 'DELETE', `/api/non-workings/${day.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<Body>(response)).toEqual({
      data: { id: day.id },
      message: CONFIGURATION_MESSAGES.nonWorkingDayDeleted,
    });
    expect(CONFIGURATION_MESSAGES.nonWorkingDayDeleted).toBe('El día inhabil se elimino correctamente');
    expect(await auditOf('non-working-day.deleted', day.id)).toEqual([
      { actor: superUser.id, before: day, after: null },
    ]);
    const again = await create(day.date, 'Puente otra vez');
    expect(again.id).not.toBe(day.id);
  });

  it('an unknown day is not found (404), also the second time', async () => {
    const day = await create(freshDay());
    expect((await call(1, 'DELETE', `/api/non-workings/${day.id}`)).statusCode).toBe(200);
    for (const id of [day.id, 2_147_483_000]) {
      const response = await call(1, 'DELETE', `/api/non-workings/${id}`);
      expect(response.statusCode).toBe(404);
      expect(json<Body>(response)).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    }
    expect((await call(1, 'DELETE', '/api/non-workings/abc')).statusCode).toBe(400);
  });
});

// The list on a database of its own: the shared one holds every other test's days.
const own = await seededDatabase('non_workings');
const ownApp = await buildTestApp({ db: own.db });
afterAll(async () => {
  await ownApp.close();
  await own.close();
});
const ownToken = await signIn(ownApp.app, DEMO_USERS[0].email, DEMO_PASSWORD);
const asOwn = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ownApp.app.inject({ method, url, headers: bearer(ownToken), ...(payload ? { payload } : {}) });
for (const [date, reason] of [
  ['2026-09-16', 'Independencia'],
  ['2026-01-01', 'año nuevo'],
  ['2026-12-25', 'Navidad'],
  ['2026-11-16', 'Revolución'],
] as const) {
  const response = await asOwn('POST', '/api/non-workings', { date, reason });
  if (response.statusCode !== 201) throw new Error(response.body);
}

describe('the list (spec 2 §2, §9)', () => {
  const list = async (query = '') => {
    const response = await asOwn('GET', `/api/non-workings?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json<Paged<NonWorkingDayResponse>>(response);
    return { reasons: data.items.map((d) => d.reason), total: data.total, items: data.items };
  };

  it('comes newest date first by default, with Fecha, Motivo and Fecha de alta', async () => {
    const { reasons, total, items } = await list();
    expect(reasons).toEqual(['Navidad', 'Revolución', 'Independencia', 'año nuevo']);
    expect(total).toBe(4);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      date: '2026-12-25',
      reason: 'Navidad',
      createdAt: businessClock(new Date()).day,
    });
  });

  it('sorts by date, reason (case-insensitive) and creation, and pages on the server', async () => {
    expect((await list('sort=date:asc')).reasons).toEqual(['año nuevo', 'Independencia', 'Revolución', 'Navidad']);
    expect((await list('sort=reason:asc')).reasons).toEqual(['año nuevo', 'Independencia', 'Navidad', 'Revolución']);
    expect((await list('sort=createdAt:desc')).reasons).toEqual([
      'Revolución',
      'Navidad',
      'año nuevo',
      'Independencia',
    ]);
    expect((await list('pageSize=25&page=1')).total).toBe(4);
    expect(await list('pageSize=10&page=2')).toMatchObject({ reasons: [], total: 4 });
  });

  it('refuses an unknown sort field or page size', async () => {
    for (const query of ['sort=registerBy:asc', 'pageSize=7']) {
      const response = await asOwn('GET', `/api/non-workings?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
