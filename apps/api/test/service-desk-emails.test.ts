import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  businessClock,
  serviceDeskEmailSaved,
  type ServiceDeskEmailResponse,
  type UserType,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { serviceDeskAddresses } from '../src/modules/service-desk-emails/addresses';
import { bearer, buildTestApp, createOrganisation, json, signIn } from './harness';
import { seededDatabase } from './seeded-database';
import { auditEntries, sharedApp, type Body, type Paged, signedInActors } from './support/shared-app';

/** Service-desk e-mails (spec 2 §2–§7) on the shared test database; the list on a database of its own. */
const t = await sharedApp();
const { app, db } = t;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const org = await createOrganisation(db);
const actors = await signedInActors(app, db, org, [1, 2, 3, 4, 5]);
const superUser = actors.get(1)!;
const call = (type: UserType, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(actors.get(type)!.token), ...(payload ? { payload } : {}) });

const address = (name = 'mesa') => `${name}-${randomUUID().slice(0, 8)}@planpiso.mx`;
const create = async (email = address()) => {
  const response = await call(1, 'POST', '/api/emails-service-desk', { email });
  expect(response.statusCode, response.body).toBe(201);
  return json<Body<ServiceDeskEmailResponse>>(response).data;
};
const auditOf = (action: string, id: number) => auditEntries(db, action, id);

describe('who may call (spec 2 §6: Correos mesa de servicio is on type 1’s menu only)', () => {
  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/emails-service-desk'],
      ['GET', '/api/emails-service-desk/1'],
      ['POST', '/api/emails-service-desk'],
      ['PUT', '/api/emails-service-desk/1'],
      ['DELETE', '/api/emails-service-desk/1'],
    ] as const) {
      const response = await app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each([2, 3, 4, 5] as const)('type %i is refused every call, and nothing changes', async (type) => {
    const row = await create();
    const answers = await Promise.all([
      call(type, 'GET', '/api/emails-service-desk'),
      call(type, 'GET', `/api/emails-service-desk/${row.id}`),
      call(type, 'POST', '/api/emails-service-desk', { email: address() }),
      call(type, 'PUT', `/api/emails-service-desk/${row.id}`, { email: address() }),
      call(type, 'DELETE', `/api/emails-service-desk/${row.id}`),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(403);
      expect(json<Body>(response)).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
    }
    expect(
      json<Body<ServiceDeskEmailResponse>>(await call(1, 'GET', `/api/emails-service-desk/${row.id}`)).data,
    ).toEqual(row);
  });
});

describe('adding an address (spec 2 §2, §5, §8)', () => {
  it('stores it lower-case, answers "El correo [{email}] se ha guardado" and writes an audit row', async () => {
    const email = address('Soporte');
    const response = await call(1, 'POST', '/api/emails-service-desk', { email: ` ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    const body = json<Body<ServiceDeskEmailResponse>>(response);
    expect(body.data).toEqual({
      id: expect.any(Number),
      email: email.toLowerCase(),
      createdAt: businessClock(new Date()).day,
    });
    expect(body.message).toBe(`El correo [${email.toLowerCase()}] se ha guardado`);
    expect(body.message).toBe(serviceDeskEmailSaved(email.toLowerCase()));
    expect(await auditOf('service-desk-email.created', body.data.id)).toEqual([
      { actor: superUser.id, before: null, after: body.data },
    ]);
  });

  it.each([
    [{}, MESSAGES.required],
    [{ email: '' }, 'Campo requerido.'],
    [{ email: '   ' }, 'Campo requerido.'],
    [{ email: 'mesa-de-servicio' }, 'El correo ingresado no tiene el formato correcto'],
    [{ email: 'mesa@planpiso' }, 'El correo ingresado no tiene el formato correcto'],
    [{ email: 'mesa @planpiso.mx' }, 'El correo ingresado no tiene el formato correcto'],
    [{ email: `${'m'.repeat(140)}@planpiso.mx` }, 'Máximo 150 caracteres'],
  ] as const)('%j → 400 %s', async (payload, message) => {
    const response = await call(1, 'POST', '/api/emails-service-desk', payload);
    expect(response.statusCode).toBe(400);
    expect(json<Body>(response)).toMatchObject({ message, fields: { email: message } });
  });

  it('refuses an address listed already, in any case (409)', async () => {
    const row = await create();
    const again = await call(1, 'POST', '/api/emails-service-desk', { email: row.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(json<Body>(again)).toMatchObject({
      code: 'SERVICE_DESK_EMAIL_TAKEN',
      message: CONFIGURATION_MESSAGES.serviceDeskEmailTaken,
    });
  });

  it('two requests with the same address at once: one is saved, the other gets the 409', async () => {
    const email = address();
    const answers = await Promise.all([1, 2].map(() => call(1, 'POST', '/api/emails-service-desk', { email })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('reading and editing an address (spec 2 §2, §4)', () => {
  it('reads one by id; an unknown id is not found', async () => {
    const row = await create();
    const response = await call(1, 'GET', `/api/emails-service-desk/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<Body<ServiceDeskEmailResponse>>(response).data).toEqual(row);
    expect((await call(1, 'GET', '/api/emails-service-desk/2147483000')).statusCode).toBe(404);
    expect((await call(1, 'GET', '/api/emails-service-desk/cero')).statusCode).toBe(400);
  });

  it('saves a new address with the spec’s message and an audit row of before and after', async () => {
    const row = await create();
    const email = address('Nuevo');
    const response = await call(1, 'PUT', `/api/emails-service-desk/${row.id}`, { email });
    expect(response.statusCode).toBe(200);
    const body = json<Body<ServiceDeskEmailResponse>>(response);
    expect(body).toEqual({
      data: { ...row, email: email.toLowerCase() },
      message: serviceDeskEmailSaved(email.toLowerCase()),
    });
    expect(await auditOf('service-desk-email.updated', row.id)).toEqual([
      { actor: superUser.id, before: row, after: body.data },
    ]);
  });

  it('keeps its own address (any case), but not another one’s (409)', async () => {
    const [mine, theirs] = [await create(), await create()];
    const same = await call(1, 'PUT', `/api/emails-service-desk/${mine.id}`, { email: mine.email.toUpperCase() });
    expect(same.statusCode).toBe(200);
    const taken = await call(1, 'PUT', `/api/emails-service-desk/${mine.id}`, { email: theirs.email });
    expect(taken.statusCode).toBe(409);
    expect(json<Body>(taken).message).toBe(CONFIGURATION_MESSAGES.serviceDeskEmailTaken);
  });

  it('validates like the form, and an unknown id is not found', async () => {
    const row = await create();
    const bad = await call(1, 'PUT', `/api/emails-service-desk/${row.id}`, { email: 'sin-arroba' });
    expect(bad.statusCode).toBe(400);
    expect(json<Body>(bad).message).toBe(CONFIGURATION_MESSAGES.serviceDeskEmailInvalid);
    const missing = await call(1, 'PUT', '/api/emails-service-desk/2147483000', { email: address() });
    expect(missing.statusCode).toBe(404);
  });
});

describe('removing an address (spec 2 §2, §8)', () => {
  it('deletes it with the spec’s message and an audit row; the address may come back', async () => {
    const row = await create();
    const response = await call(1, 'DELETE', `/api/emails-service-desk/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(json<Body>(response)).toEqual({ data: { id: row.id }, message: 'El correo se elimino correctamente' });
    expect(await auditOf('service-desk-email.deleted', row.id)).toEqual([
      { actor: superUser.id, before: row, after: null },
    ]);
    expect((await call(1, 'GET', `/api/emails-service-desk/${row.id}`)).statusCode).toBe(404);
    expect((await create(row.email)).id).not.toBe(row.id);
  });

  it('an unknown id is not found (404), also the second time', async () => {
    const row = await create();
    expect((await call(1, 'DELETE', `/api/emails-service-desk/${row.id}`)).statusCode).toBe(200);
    for (const id of [row.id, 2_147_483_000]) {
      const response = await call(1, 'DELETE', `/api/emails-service-desk/${id}`);
      expect(response.statusCode).toBe(404);
      expect(json<Body>(response)).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    }
  });
});

// The list and the addresses for later mails on a database of their own: the shared one holds every test's rows.
const own = await seededDatabase('service_desk');
const ownApp = await buildTestApp({ db: own.db });
afterAll(async () => {
  await ownApp.close();
  await own.close();
});
const ownToken = await signIn(ownApp.app, DEMO_USERS[0].email, DEMO_PASSWORD);
const asOwn = (method: Method, url: string, payload?: object) =>
  ownApp.app.inject({ method, url, headers: bearer(ownToken), ...(payload ? { payload } : {}) });
for (const email of ['soporte@planpiso.mx', 'Mesa.Control@planpiso.mx', 'ayuda@agencias.mx', 'zeta@planpiso.mx']) {
  const response = await asOwn('POST', '/api/emails-service-desk', { email });
  if (response.statusCode !== 201) throw new Error(response.body);
}

describe('the list (spec 2 §2, §9)', () => {
  const emails = async (query = '') => {
    const response = await asOwn('GET', `/api/emails-service-desk?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json<Paged<ServiceDeskEmailResponse>>(response);
    return { emails: data.items.map((r) => r.email), total: data.total };
  };

  it('comes by e-mail ascending by default, paged on the server', async () => {
    expect(await emails()).toEqual({
      emails: ['ayuda@agencias.mx', 'mesa.control@planpiso.mx', 'soporte@planpiso.mx', 'zeta@planpiso.mx'],
      total: 4,
    });
    expect(await emails('pageSize=10&page=2')).toEqual({ emails: [], total: 4 });
  });

  it('filters by part of the address in any case, and sorts by date', async () => {
    expect(await emails('email=PLANPISO')).toEqual({
      emails: ['mesa.control@planpiso.mx', 'soporte@planpiso.mx', 'zeta@planpiso.mx'],
      total: 3,
    });
    expect((await emails('email=a_u')).emails).toEqual([]);
    expect((await emails('sort=createdAt:desc')).emails).toEqual([
      'zeta@planpiso.mx',
      'ayuda@agencias.mx',
      'mesa.control@planpiso.mx',
      'soporte@planpiso.mx',
    ]);
    expect((await emails('sort=email:desc')).emails[0]).toBe('zeta@planpiso.mx');
  });

  it('refuses an unknown sort field', async () => {
    const response = await asOwn('GET', '/api/emails-service-desk?sort=company:asc');
    expect(response.statusCode).toBe(400);
    expect(json<Body>(response).message).toBe(MESSAGES.sortInvalid);
  });
});

describe('serviceDeskAddresses (for the service-desk mails of later issues)', () => {
  it('gives every address, lower-case and alphabetical', async () => {
    expect(await serviceDeskAddresses(own.db)).toEqual([
      'ayuda@agencias.mx',
      'mesa.control@planpiso.mx',
      'soporte@planpiso.mx',
      'zeta@planpiso.mx',
    ]);
  });
});
