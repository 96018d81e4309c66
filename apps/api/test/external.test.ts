import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, Money, VALIDATION_CHECK, type ErrorResponse, type ExternalCreditLine } from '@planpiso/domain';
import { DEMO_CLIENT_NUMBERS, FAILING_VINS, REPUVE_REPORTS, VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { startSimulators, type Simulators } from '../../simulators/src/index';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { provisions, unitValidations } from '../src/db/schema/financing';
import { companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger, type TestApp } from './harness';
import { seededDatabase } from './seeded-database';

// /api/external (issue 4): the lender's systems through the API, over real HTTP to the simulators, on the demo
// population (whose companies are the CRM's clients 10001–10003; 10004 is a CRM client nobody registered).

const seeded = await seededDatabase('external');
let api: TestApp;
const tokens = new Map<number, string>();

const NORTH = DEMO_CLIENT_NUMBERS.autosDelNorte;
const BAJIO = DEMO_CLIENT_NUMBERS.autosDelBajio;
const UNREGISTERED = '10004';

beforeAll(async () => {
  const clock = fakeClock();
  const app = await buildApp({ config: testConfig(), db: seeded.db, clock, logger: testLogger() });
  await app.ready();
  api = { app, db: seeded.db, clock, close: () => app.close() };
  for (const user of DEMO_USERS) tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
});

afterAll(async () => {
  await api.close();
  await seeded.close();
});

const get = (type: number | null, url: string) =>
  api.app.inject({ method: 'GET', url, headers: type === null ? {} : bearer(tokens.get(type)!) });
const post = (type: number, url: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(tokens.get(type)!) });

describe('sessions and input', () => {
  it('requires a session', async () => {
    expect((await get(null, '/api/external/clients')).statusCode).toBe(401);
    expect((await get(null, `/api/external/clients/${NORTH}/credit-lines`)).statusCode).toBe(401);
  });

  it('refuses a malformed client number or VIN in Spanish', async () => {
    const client = await get(1, '/api/external/clients/10%20001/credit-lines');
    expect(client.statusCode).toBe(400);
    expect(json<ErrorResponse>(client).message).toBe('Formato número de cliente incorrecto');
    const vin = await post(5, '/api/external/vin-validations', { vin: 'ABC123' });
    expect(vin.statusCode).toBe(400);
    expect(json<ErrorResponse>(vin).message).toBe('Formato VIN incorrecto');
    const dates = await get(1, `/api/external/clients/${NORTH}/inventory?from=2026-02-30`);
    expect(dates.statusCode).toBe(400);
  });
});

describe('scope', () => {
  it('gives the lender every CRM client, marking the ones already registered as companies', async () => {
    const response = await get(1, '/api/external/clients');
    expect(response.statusCode).toBe(200);
    const clients = json<{ data: { numeroCliente: string; companyId: number | null }[] }>(response).data;
    const [north] = await seeded.db.select({ id: companies.id }).from(companies).where(eq(companies.clientId, NORTH));
    expect(clients.find((c) => c.numeroCliente === NORTH)?.companyId).toBe(north!.id);
    expect(clients.find((c) => c.numeroCliente === UNREGISTERED)?.companyId).toBeNull();
  });

  it('gives a legal representative only its own companies’ clients', async () => {
    const clients = json<{ data: { numeroCliente: string }[] }>(await get(4, '/api/external/clients')).data;
    expect(clients.map((c) => c.numeroCliente).sort()).toEqual([
      DEMO_CLIENT_NUMBERS.autosDelNorte,
      DEMO_CLIENT_NUMBERS.camionesDelNorte,
    ]);
    expect((await get(4, `/api/external/clients/${BAJIO}/legal-representatives`)).statusCode).toBe(404);
    expect((await get(4, `/api/external/clients/${BAJIO}/credit-lines`)).statusCode).toBe(404);
  });

  it('lets an operator onboard any client but read credit only of its assigned accounts', async () => {
    const representatives = await get(3, `/api/external/clients/${UNREGISTERED}/legal-representatives`);
    expect(representatives.statusCode).toBe(200);
    expect(json<{ data: unknown[] }>(representatives).data.length).toBeGreaterThan(0);

    const foreign = await get(3, `/api/external/clients/${UNREGISTERED}/credit-lines`);
    expect(foreign.statusCode).toBe(404);
    expect(json<ErrorResponse>(foreign).message).toBe(MESSAGES.clientNotFound);
    expect((await get(3, `/api/external/clients/${BAJIO}/credit-lines`)).statusCode).toBe(200);
    // The super user reaches every client; an administrator those of its operators' accounts (decision 014).
    expect((await get(1, `/api/external/clients/${UNREGISTERED}/credit-lines`)).statusCode).toBe(200);
    expect((await get(2, `/api/external/clients/${UNREGISTERED}/credit-lines`)).statusCode).toBe(404);
    expect((await get(2, `/api/external/clients/${BAJIO}/credit-lines`)).statusCode).toBe(200);
  });

  it('answers guarantors of a line in scope, and 404 for a line outside it or unknown', async () => {
    const own = await get(5, '/api/external/credit-lines/LC-10001-01/guarantors');
    expect(own.statusCode).toBe(200);
    expect(Array.isArray(json<{ data: unknown[] }>(own).data)).toBe(true);
    expect((await get(5, '/api/external/credit-lines/LC-10004-01/guarantors')).statusCode).toBe(404);
    expect((await get(1, '/api/external/credit-lines/LC-NO-EXISTE/guarantors')).statusCode).toBe(404);
  });

  it('lists a client’s credit inventory by credit number', async () => {
    const response = await get(5, `/api/external/clients/${NORTH}/inventory`);
    expect(response.statusCode).toBe(200);
    const rows = json<{ data: { noCredito: string }[] }>(response).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.noCredito)).toEqual([...rows.map((r) => r.noCredito)].sort((a, b) => a.localeCompare(b)));
  });
});

describe('credit lines', () => {
  it('subtracts what the client’s open provisions hold from what the CRM says remains', async () => {
    const [north] = await seeded.db
      .select({ id: companies.id, accountId: companies.accountId })
      .from(companies)
      .where(eq(companies.clientId, NORTH));
    const [agent] = await seeded.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, 'agencia@autosdelnorte.mx')));
    const base = {
      accountId: north!.accountId,
      companyId: north!.id,
      creditLine: 'LC-10001-01',
      typeLine: '100000000',
      registerBy: agent!.id,
    };
    // What the demo seed's own provisions already hold, before this test adds its own.
    const reservedBefore = async () =>
      json<{ data: ExternalCreditLine[] }>(await get(5, `/api/external/clients/${NORTH}/credit-lines`)).data;
    const baseline = await reservedBefore();
    const held = (line: string) => baseline.find((l) => l.lineaCredito === line)!.reservado;
    const made = await seeded.db
      .insert(provisions)
      .values([
        { ...base, status: 1, total: '100000.50' },
        { ...base, status: 3, total: '50000.00' },
        { ...base, status: 7, total: '1000.25' },
        // None of these hold anything: rejected, authorised (the CRM counts it), archived, another line.
        { ...base, status: 9, total: '70000.00' },
        { ...base, status: 8, total: '80000.00' },
        { ...base, status: 2, total: '90000.00', isArchived: true },
        { ...base, creditLine: 'LC-10001-02', status: 2, total: '5000.00' },
      ])
      .returning({ id: provisions.id });
    try {
      const crmLines = await createAdapters(testConfig()).crm.lineConfiguration(NORTH);
      const response = await get(5, `/api/external/clients/${NORTH}/credit-lines`);
      expect(response.statusCode).toBe(200);
      const lines = json<{ data: ExternalCreditLine[] }>(response).data;
      const line = lines.find((l) => l.lineaCredito === 'LC-10001-01')!;
      const crm = crmLines.find((l) => l.lineaCredito === 'LC-10001-01')!;
      expect(line.montoRestante).toBe(Money.of(crm.montoRestante).toDecimalString());
      // Exact decimal strings: what the seed held plus 100000.50 + 50000.00 + 1000.25, to the cent.
      const expected = Money.of(held('LC-10001-01')).add(Money.of('151000.75'));
      expect(line.reservado).toBe(expected.toDecimalString());
      expect(line.disponible).toBe(Money.of(crm.montoRestante).sub(expected).atLeastZero().toDecimalString());
      const second = lines.find((l) => l.lineaCredito === 'LC-10001-02')!;
      expect(second.reservado).toBe(Money.of(held('LC-10001-02')).add(Money.of('5000')).toDecimalString());
      // Terms ascending, as numbers (each shown as 'Plazo - N').
      expect(line.terms).toEqual([...line.terms].sort((a, b) => a - b));
      expect(line.terms.length).toBeGreaterThan(0);
    } finally {
      for (const { id } of made) await seeded.db.delete(provisions).where(eq(provisions.id, id));
    }
  });

  it('answers 503 with the spec’s message and what the CRM said when the CRM fails', async () => {
    const broken: Simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
    const config = testConfig({
      CRM_URL: broken.urls.crm,
      CRM_TOKEN: broken.tokens.crm,
      EXTERNAL_RETRIES: '0',
    });
    const app = await buildApp({ config, db: seeded.db, adapters: createAdapters(config), logger: testLogger() });
    try {
      await fetch(`${broken.urls.crm}/__admin/faults`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${broken.tokens.crm}`, 'content-type': 'application/json' },
        body: JSON.stringify({ route: 'GET /ConfiguracionClientesDispLinea', errorRate: 1 }),
      });
      const token = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
      const response = await app.inject({
        method: 'GET',
        url: `/api/external/clients/${NORTH}/credit-lines`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(503);
      const body = json<ErrorResponse>(response);
      expect(body).toMatchObject({ code: 'EXTERNAL_API_ERROR', message: 'Ocurrió un error API externa' });
      expect(body.detail).toMatch(new RegExp(`^ConfiguracionClientesDispLinea ${NORTH}: HTTP 500`));
      expect(JSON.stringify(body)).not.toContain(broken.tokens.crm);
    } finally {
      await app.close();
      await broken.stop();
    }
  });
});

describe('VINs', () => {
  it('describes a known VIN and answers 404 for an unknown one', async () => {
    const vin = VALID_NEW_VINS[0]!;
    const known = await get(5, `/api/external/vins/${vin}`);
    expect(known.statusCode).toBe(200);
    expect(json<{ data: { vin: string } }>(known).data.vin).toBe(vin);
    const unknown = await get(5, '/api/external/vins/00000000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(json<ErrorResponse>(unknown).message).toBe(MESSAGES.vinNotFound);
  });

  it('validates a VIN against REPUVE, TransUnion and AX and keeps each verdict with who asked', async () => {
    const stolen = FAILING_VINS.repuve[0]!;
    const response = await post(5, '/api/external/vin-validations', { vin: stolen.toLowerCase() });
    expect(response.statusCode).toBe(200);
    expect(json<{ data: unknown }>(response).data).toMatchObject({
      vin: stolen,
      validRepuve: false,
      validTransunion: true,
      validAx: true,
      repuve: { valid: false, reason: REPUVE_REPORTS[stolen] },
      ax: { valid: true, conteo: 1 },
    });
    const [agent] = await seeded.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'agencia@autosdelnorte.mx'));
    const history = await seeded.db.select().from(unitValidations).where(eq(unitValidations.vin, stolen));
    expect(history.map((row) => [row.check, row.valid, row.requestedBy]).sort()).toEqual([
      [VALIDATION_CHECK.REPUVE, false, agent!.id],
      [VALIDATION_CHECK.TRANSUNION, true, agent!.id],
      [VALIDATION_CHECK.AX, true, agent!.id],
    ]);
  });

  it('marks AX false when the VIN is registered twice', async () => {
    const response = await post(3, '/api/external/vin-validations', { vin: FAILING_VINS.axDuplicated[0] });
    expect(json<{ data: unknown }>(response).data).toMatchObject({
      validAx: false,
      ax: { valid: false, conteo: 2, reason: 'El VIN está registrado 2 veces en AX' },
    });
  });
});
