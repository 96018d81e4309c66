import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_MESSAGES, type AccountDetail, type ErrorResponse } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { accounts, companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, fakeClock, json, readMail, signIn, signInRaw, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';
import { accountBodies, keptCompany } from './support/account-bodies';

// The account wizard's save (spec 2 §2, §5): all or nothing, with the legal representatives' temporary passwords
// mailed through the run's mail catcher.

const seeded = await seededDatabase('account_wizard');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
let operator = '';
const tag = Date.now().toString(36);

beforeAll(async () => {
  await app.ready();
  operator = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const bodies = accountBodies(tag);
const legal = bodies.legal;
const company = (clientId: string, name: string, person = legal(name.split(' ')[0]!, clientId)) =>
  bodies.company(clientId, name, person);
const post = (payload: object, token = operator) =>
  app.inject({ method: 'POST', url: '/api/accounts', payload, headers: bearer(token) });

describe('creating an account', () => {
  it('creates a Holding with two companies and their legal representatives, mailed and able to sign in', async () => {
    const response = await post({
      name: `Grupo Industrial ${tag}`,
      email: `contacto.${tag}@prueba.planpiso.mx`,
      type: 1,
      companies: [company('10004', 'Autos del Golfo'), company('10005', 'Motores del Pacífico')],
    });
    expect(response.statusCode).toBe(201);
    const body = json<{ data: AccountDetail; message: string }>(response);
    expect(body.message).toBe(ORGANISATION_MESSAGES.accountSaved);
    expect(body.data.operator?.name).toBe('Olga Operadora');
    expect(body.data.companies.map((c) => c.clientId)).toEqual(['10004', '10005']);
    const email = body.data.companies[0]!.legals[0]!.email;
    const mails = await readMail(email, app);
    expect(mails).toHaveLength(1);
    const password = /Contraseña temporal: (\S+)/.exec(mails[0]!.text)?.[1];
    expect(password).toBeTruthy();
    const signedIn = await signInRaw(app, email, password!);
    expect(json<{ data: { challenge?: string } }>(signedIn).data.challenge).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('refuses a type 2 account with two companies, and a bad phone, in the spec’s words', async () => {
    const two = await post({
      name: 'Dos',
      email: `dos.${tag}@prueba.planpiso.mx`,
      type: 2,
      companies: [company('10006', 'Uno'), company('10007', 'Dos')],
    });
    expect(two.statusCode).toBe(400);
    expect(json<ErrorResponse>(two).message).toBe(ORGANISATION_MESSAGES.wizardInvalid);
    const phone = await post({
      name: 'Teléfono',
      email: `tel.${tag}@prueba.planpiso.mx`,
      type: 2,
      companies: [company('10006', 'Uno', { ...legal('Tel', '10006'), phone: '1234567' })],
    });
    expect(json<ErrorResponse>(phone).message).toBe(ORGANISATION_MESSAGES.wizardInvalid);
  });

  it('leaves nothing behind when one legal representative cannot be created', async () => {
    const name = `Cuenta fallida ${tag}`;
    const response = await post({
      name,
      email: `fallida.${tag}@prueba.planpiso.mx`,
      type: 1,
      companies: [
        company('10006', 'Empresa Buena'),
        // The second representative's e-mail belongs to someone already.
        company('10007', 'Empresa Mala', { ...legal('Mala', '10007'), email: 'agencia@autosdelnorte.mx' }),
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(json<ErrorResponse>(response).message).toBe(ORGANISATION_MESSAGES.legalEmailTaken);
    expect(await seeded.db.select().from(accounts).where(eq(accounts.name, name))).toHaveLength(0);
    expect(
      await seeded.db
        .select()
        .from(companies)
        .where(inArray(companies.clientId, ['10006', '10007'])),
    ).toHaveLength(0);
    expect(
      await seeded.db
        .select()
        .from(users)
        .where(eq(users.email, `empresa.${tag}@prueba.planpiso.mx`)),
    ).toHaveLength(0);
    expect(await readMail(`empresa.${tag}@prueba.planpiso.mx`, app)).toHaveLength(0);
  });

  it('refuses a client already registered, and callers other than the operator', async () => {
    const taken = await post({
      name: 'Repetida',
      email: `rep.${tag}@prueba.planpiso.mx`,
      type: 2,
      companies: [company('10001', 'Autos del Norte')],
    });
    expect(taken.statusCode).toBe(409);
    expect(json<ErrorResponse>(taken).message).toBe(ORGANISATION_MESSAGES.clientTaken);
    const admin = await signIn(app, 'administrador@planpiso.mx', DEMO_PASSWORD);
    expect((await post({ name: 'x' }, admin)).statusCode).toBe(403);
  });
});

describe('editing an account (PUT /api/accounts/{id})', () => {
  const put = (id: number, payload: object, token = operator) =>
    app.inject({ method: 'PUT', url: `/api/accounts/${id}`, payload, headers: bearer(token) });
  let account: AccountDetail;

  beforeAll(async () => {
    const created = await post({
      name: `Grupo Editable ${tag}`,
      email: `editable.${tag}@prueba.planpiso.mx`,
      type: 1,
      companies: [company('10006', 'Autos Peninsulares', legal('Manuel', '10006'))],
    });
    account = json<{ data: AccountDetail }>(created).data;
  });

  it('adds a company with its legal representative, who is mailed', async () => {
    const response = await put(account.id, {
      companies: [
        keptCompany(account.companies[0]!),
        company('10007', 'Vehículos del Pacífico', legal('Jesus', '10007')),
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = json<{ data: AccountDetail; message: string }>(response);
    expect(body.message).toBe(ORGANISATION_MESSAGES.accountUpdated);
    expect(body.data.companies.map((c) => c.clientId)).toEqual(['10006', '10007']);
    expect(await readMail(`jesus.${tag}@prueba.planpiso.mx`, app)).toHaveLength(1);
    account = body.data;
  });

  it('replaces a legal representative: the new one by default, the former one still assigned', async () => {
    const [peninsulares, pacifico] = account.companies;
    const response = await put(account.id, {
      companies: [{ ...keptCompany(peninsulares!), legalPerson: legal('Veronica', '10006') }, keptCompany(pacifico!)],
    });
    expect(response.statusCode).toBe(200);
    const legals = json<{ data: AccountDetail }>(response).data.companies[0]!.legals;
    expect(legals.map((l) => [l.email.split('.')[0], l.isDefault])).toEqual([
      ['veronica', true],
      ['manuel', false],
    ]);
    account = json<{ data: AccountDetail }>(response).data;
  });

  it('removes a company left out, archiving its legal representative', async () => {
    const response = await put(account.id, { companies: [keptCompany(account.companies[0]!)] });
    expect(response.statusCode).toBe(200);
    expect(json<{ data: AccountDetail }>(response).data.companies.map((c) => c.clientId)).toEqual(['10006']);
    const [jesus] = await seeded.db
      .select()
      .from(users)
      .where(eq(users.email, `jesus.${tag}@prueba.planpiso.mx`));
    expect(jesus).toMatchObject({ isArchived: true, companyId: null });
  });

  it('refuses to remove a company with branches, and an e-mail in use, changing nothing', async () => {
    const demo = json<{ data: { items: AccountDetail[] } }>(
      await app.inject({ method: 'GET', url: '/api/accounts?all=true', headers: bearer(operator) }),
    );
    const norte = demo.data.items.find((a) => a.name === 'Grupo Automotriz del Norte')!;
    const detail = json<{ data: AccountDetail }>(
      await app.inject({ method: 'GET', url: `/api/accounts/${norte.id}`, headers: bearer(operator) }),
    ).data;
    // Autos del Norte (10001) has the demo branches.
    const inUse = await put(norte.id, {
      companies: detail.companies.filter((c) => c.clientId !== '10001').map(keptCompany),
    });
    expect(inUse.statusCode).toBe(409);
    expect(json<ErrorResponse>(inUse).message).toBe(ORGANISATION_MESSAGES.companyInUse);
    const norteAfter = json<{ data: AccountDetail }>(
      await app.inject({ method: 'GET', url: `/api/accounts/${norte.id}`, headers: bearer(operator) }),
    ).data;
    expect(norteAfter.companies).toHaveLength(detail.companies.length);

    const taken = await put(account.id, {
      companies: [
        keptCompany(account.companies[0]!),
        company('10007', 'Vehículos del Pacífico', { ...legal('Otro', '10007'), email: 'agencia@autosdelnorte.mx' }),
      ],
    });
    expect(taken.statusCode).toBe(409);
    const after = json<{ data: AccountDetail }>(
      await app.inject({ method: 'GET', url: `/api/accounts/${account.id}`, headers: bearer(operator) }),
    ).data;
    expect(after.companies.map((c) => c.clientId)).toEqual(['10006']);
  });

  it('is 404 for an operator the account is not assigned to, 403 for other types', async () => {
    const stranger = await signIn(app, 'diana.cantu@planpiso.mx', DEMO_PASSWORD);
    expect((await put(account.id, { companies: [keptCompany(account.companies[0]!)] }, stranger)).statusCode).toBe(404);
    const admin = await signIn(app, 'administrador@planpiso.mx', DEMO_PASSWORD);
    expect((await put(account.id, { companies: [keptCompany(account.companies[0]!)] }, admin)).statusCode).toBe(403);
  });
});
