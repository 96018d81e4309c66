import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINANCING_MESSAGES,
  INVENTORY_MESSAGES,
  MESSAGES,
  type ErrorResponse,
  type InventoryRow,
} from '@planpiso/domain';
import { CREDITS, DEMO_CLIENT_NUMBERS } from '@planpiso/simulators/fixtures';
import { startSimulators, type Simulators } from '../../simulators/src/index';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger, type TestApp } from './harness';
import { seededDatabase } from './seeded-database';

// GET /api/inventory (issue 18, spec 3 "Credit inventory", decision 042) on the demo population, against a CRM
// simulator of this file's own, so its credits are exactly the fixtures' (other files insert units into theirs).

const seeded = await seededDatabase('inventory');
let crm: Simulators;
let api: TestApp;
const tokens = new Map<number, string>();

const NORTH = DEMO_CLIENT_NUMBERS.autosDelNorte;
const BAJIO = DEMO_CLIENT_NUMBERS.autosDelBajio;
const UNREGISTERED = '10004';

type Page = { data: { items: InventoryRow[]; total: number } };

/** The fixtures' credits of a client started within [from, to], by credit number. */
const creditsOf = (client: string, from = '0000-00-00', to = '9999-99-99') =>
  CREDITS.filter((c) => c.numeroCliente === client && c.fechaInicio >= from && c.fechaInicio <= to)
    .map((c) => c.noCredito)
    .sort();

beforeAll(async () => {
  crm = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
  const config = testConfig({ CRM_URL: crm.urls.crm, CRM_TOKEN: crm.tokens.crm });
  const clock = fakeClock();
  const app = await buildApp({ config, db: seeded.db, clock, adapters: createAdapters(config), logger: testLogger() });
  await app.ready();
  api = { app, db: seeded.db, clock, close: () => app.close() };
  for (const user of DEMO_USERS) tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
});

afterAll(async () => {
  await api.close();
  await crm.stop();
  await seeded.close();
});

const get = (type: number | null, url: string) =>
  api.app.inject({ method: 'GET', url, headers: type === null ? {} : bearer(tokens.get(type)!) });

/** Every credit number of every page of a query, asking 10 at a time. */
async function allPages(type: number, query: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const response = await get(type, `/api/inventory?${query}&page=${page}`);
    expect(response.statusCode).toBe(200);
    const { items, total } = json<Page>(response).data;
    numbers.push(...items.map((row) => row.noCredito));
    if (numbers.length >= total || items.length === 0) return numbers;
  }
}

/** The client number of the company a dealer has active in its header. */
async function activeClientOf(email: string): Promise<string> {
  const [row] = await seeded.db
    .select({ clientId: companies.clientId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, email));
  return row!.clientId!;
}

describe('who reads whose inventory', () => {
  it('requires a session and is only for types 3, 4 and 5', async () => {
    expect((await get(null, '/api/inventory')).statusCode).toBe(401);
    expect((await get(1, `/api/inventory?clientNumber=${NORTH}`)).statusCode).toBe(403);
    expect((await get(2, `/api/inventory?clientNumber=${NORTH}`)).statusCode).toBe(403);
  });

  it('gives a legal representative its own company’s inventory, whatever client it asks for', async () => {
    const own = await activeClientOf('representante@autosdelnorte.mx');
    expect(own).not.toBe(BAJIO);
    const response = await get(4, `/api/inventory?clientNumber=${BAJIO}&pageSize=100`);
    expect(response.statusCode).toBe(200);
    const { items, total } = json<Page>(response).data;
    expect(items.map((row) => row.noCredito)).toEqual(creditsOf(own));
    expect(total).toBe(creditsOf(own).length);
    // The row is the spec's: credit number, model, VIN, term and credit end date — nothing else of the CRM's.
    expect(Object.keys(items[0]!).sort()).toEqual(['finCredito', 'modelo', 'noCredito', 'plazo', 'vin']);
    const first = CREDITS.find((c) => c.noCredito === items[0]!.noCredito)!;
    expect(items[0]).toEqual({
      noCredito: first.noCredito,
      modelo: first.modelo,
      vin: first.vin,
      plazo: first.plazo,
      finCredito: first.fechaVencimiento,
    });
  });

  it('gives an agency operator its own company’s inventory, not another client’s', async () => {
    const own = await activeClientOf('agencia@autosdelnorte.mx');
    expect(await allPages(5, `clientNumber=${BAJIO}`)).toEqual(creditsOf(own));
    expect(await allPages(5, '')).toEqual(creditsOf(own));
  });

  it('answers a dealer with no active company in Spanish instead of guessing one', async () => {
    const [agent] = await seeded.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, 'agencia@autosdelnorte.mx'));
    await seeded.db.update(users).set({ companyId: null }).where(eq(users.id, agent!.id));
    try {
      const response = await get(5, '/api/inventory');
      expect(response.statusCode).toBe(422);
      expect(json<ErrorResponse>(response).message).toBe(FINANCING_MESSAGES.userWithoutCompany);
    } finally {
      await seeded.db.update(users).set({ companyId: agent!.companyId }).where(eq(users.id, agent!.id));
    }
  });

  it('lets the operator read the clients of the accounts it operates, and no other', async () => {
    expect(await allPages(3, `clientNumber=${NORTH}`)).toEqual(creditsOf(NORTH));
    expect(await allPages(3, `clientNumber=${BAJIO}`)).toEqual(creditsOf(BAJIO));
    const foreign = await get(3, `/api/inventory?clientNumber=${UNREGISTERED}`);
    expect(foreign.statusCode).toBe(404);
    expect(json<ErrorResponse>(foreign).message).toBe(MESSAGES.clientNotFound);
    // Until it picks a client there is nothing to show.
    const none = await get(3, '/api/inventory');
    expect(json<Page>(none).data).toEqual({ items: [], total: 0 });
  });
});

describe('paging, sorting and dates', () => {
  it('pages by credit number ascending by default, and sorts by another column when asked', async () => {
    const all = creditsOf(NORTH);
    expect(all.length).toBeGreaterThan(10);
    const first = json<Page>(await get(3, `/api/inventory?clientNumber=${NORTH}`)).data;
    expect(first.total).toBe(all.length);
    expect(first.items.map((row) => row.noCredito)).toEqual(all.slice(0, 10));
    const second = json<Page>(await get(3, `/api/inventory?clientNumber=${NORTH}&page=2`)).data;
    expect(second.items.map((row) => row.noCredito)).toEqual(all.slice(10));

    const byTerm = json<Page>(await get(3, `/api/inventory?clientNumber=${NORTH}&sort=plazo:desc&pageSize=100`)).data;
    const terms = byTerm.items.map((row) => row.plazo);
    expect(terms).toEqual([...terms].sort((a, b) => b - a));

    const bad = await get(3, `/api/inventory?clientNumber=${NORTH}&sort=saldoCapital:asc`);
    expect(bad.statusCode).toBe(400);
    expect(json<ErrorResponse>(bad).message).toBe(MESSAGES.sortInvalid);
  });

  it('filters by the day each credit started', async () => {
    const starts = CREDITS.filter((c) => c.numeroCliente === NORTH)
      .map((c) => c.fechaInicio)
      .sort();
    const from = starts[2]!;
    const to = starts[starts.length - 3]!;
    const expected = creditsOf(NORTH, from, to);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(creditsOf(NORTH).length);
    expect(await allPages(4, `from=${from}&to=${to}`)).toEqual(expected);
    expect(await allPages(3, `clientNumber=${NORTH}&from=${from}&to=${to}`)).toEqual(expected);
  });

  it('refuses a range that ends before it starts, and a day that does not exist, in Spanish', async () => {
    const reversed = await get(4, '/api/inventory?from=2026-12-01&to=2026-11-01');
    expect(reversed.statusCode).toBe(422);
    expect(json<ErrorResponse>(reversed).message).toBe(INVENTORY_MESSAGES.dateRangeInvalid);
    const impossible = await get(4, '/api/inventory?from=2026-02-30');
    expect(impossible.statusCode).toBe(400);
    expect(json<ErrorResponse>(impossible).message).toBe('Formato fecha incorrecto');
    const wrongShape = await get(3, '/api/inventory?clientNumber=10%20001');
    expect(wrongShape.statusCode).toBe(400);
  });
});

describe('the CRM down', () => {
  it('answers 503 with the spec’s message and what the CRM said', async () => {
    const config = testConfig({ CRM_URL: crm.urls.crm, CRM_TOKEN: crm.tokens.crm, EXTERNAL_RETRIES: '0' });
    const app = await buildApp({ config, db: seeded.db, adapters: createAdapters(config), logger: testLogger() });
    const fault = (errorRate: number) =>
      fetch(`${crm.urls.crm}/__admin/faults`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${crm.tokens.crm}`, 'content-type': 'application/json' },
        body: JSON.stringify({ route: 'GET /InventarioCredito', errorRate }),
      });
    try {
      await fault(1);
      const token = await signIn(app, 'representante@autosdelnorte.mx', DEMO_PASSWORD);
      const response = await app.inject({ method: 'GET', url: '/api/inventory', headers: bearer(token) });
      expect(response.statusCode).toBe(503);
      const body = json<ErrorResponse>(response);
      expect(body).toMatchObject({ code: 'EXTERNAL_API_ERROR', message: 'Ocurrió un error API externa' });
      expect(body.detail).toMatch(/^InventarioCredito \d+: HTTP 500/);
      expect(JSON.stringify(body)).not.toContain(crm.tokens.crm);
    } finally {
      await fault(0);
      await app.close();
    }
  });
});
