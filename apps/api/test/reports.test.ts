import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorResponse, type StatisticsResponse, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { provisions } from '../src/db/schema/financing';
import { companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// Provisions statistics and the validation history (spec 2 "Provisions statistics", spec 3 §7) on the demo
// population. The hand-made figures go on Autos del Bajío (the CRM's 10003), which the seed leaves without provisions.

const seeded = await seededDatabase('reports');
const app = await buildApp({
  config: testConfig(),
  db: seeded.db,
  clock: fakeClock(new Date('2026-06-20T18:00:00Z')),
  logger: testLogger(),
});
const tokens = new Map<number, string>();
const ids = new Map<number, number>();

beforeAll(async () => {
  await app.ready();
  for (const user of DEMO_USERS) {
    tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
    const [row] = await seeded.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    ids.set(user.type, row!.id);
  }
  const [bajio] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10003'));
  const base = {
    accountId: bajio!.accountId,
    companyId: bajio!.id,
    typeLine: '100000000',
    registerBy: ids.get(5)!,
    creditLine: 'LC-10003-01',
  };
  // Mexico City is UTC−6: 2026-06-01T05:00Z is still 31 May there.
  await seeded.db.insert(provisions).values([
    { ...base, status: 10, total: '100000.00', createdAt: new Date('2026-06-02T17:00:00Z') },
    { ...base, status: 4, total: '300000.00', createdAt: new Date('2026-06-10T17:00:00Z') },
    { ...base, status: 8, total: '90000.00', createdAt: new Date('2026-06-01T05:00:00Z') }, // May (local)
    { ...base, status: 10, total: '50000.50', createdAt: new Date('2025-07-15T17:00:00Z') }, // first month
    { ...base, status: 10, total: '70000.00', createdAt: new Date('2025-06-30T17:00:00Z') }, // before the window
    { ...base, status: 9, total: '999999.00', createdAt: new Date('2026-06-05T17:00:00Z') }, // rejected
    { ...base, status: 11, total: '888888.00', createdAt: new Date('2026-06-05T17:00:00Z') }, // cancelled
    { ...base, status: 10, total: '20000.00', isArchived: true, createdAt: new Date('2026-06-05T17:00:00Z') },
    {
      ...base,
      status: 10,
      total: '40000.00',
      creditLine: 'LC-10003-02',
      typeLine: '100000001',
      createdAt: new Date('2026-06-06T17:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const get = (type: number, url: string) => app.inject({ method: 'GET', url, headers: bearer(tokens.get(type)!) });

describe('customers', () => {
  it('lists the companies of the accounts assigned to the operator, with their legal representative', async () => {
    const response = await get(3, `/api/accounts/assigned/${ids.get(3)}/companies`);
    expect(response.statusCode).toBe(200);
    const customers = json<{ data: { name: string; clientId: string; legal: { firstname: string } | null }[] }>(
      response,
    ).data;
    expect(customers.map((c) => c.clientId).sort()).toEqual(['10001', '10002', '10003']);
    expect(customers.find((c) => c.clientId === '10001')?.legal?.firstname).toBe('Ramón');
  });

  it('answers 404 for another user’s customers and 403 for dealers', async () => {
    expect((await get(3, `/api/accounts/assigned/${ids.get(2)}/companies`)).statusCode).toBe(404);
    expect((await get(5, `/api/accounts/assigned/${ids.get(5)}/companies`)).statusCode).toBe(403);
  });
});

describe('provisions statistics', () => {
  it('averages and counts per Mexico City month over the 12 months ending with `to`, by hand', async () => {
    const response = await get(
      3,
      '/api/reports/provisions-stadistics?clientId=10003&creditLine=LC-10003-01&to=2026-06-15',
    );
    expect(response.statusCode).toBe(200);
    const graph = json<{ data: StatisticsResponse }>(response).data;
    expect(graph.customer).toMatchObject({ name: 'Autos del Bajío', clientId: '10003' });
    expect(graph.categories).toEqual([
      'jul 2025',
      'ago 2025',
      'sep 2025',
      'oct 2025',
      'nov 2025',
      'dic 2025',
      'ene 2026',
      'feb 2026',
      'mar 2026',
      'abr 2026',
      'may 2026',
      'jun 2026',
    ]);
    // June: 100000 and 300000 (both before the 15th); May: the one created at 23:00 on 31 May, local time.
    expect(graph.series[0]).toEqual({
      name: 'Monto promedio',
      data: [50000.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 90000, 200000],
    });
    expect(graph.series[1]).toEqual({ name: 'Disposiciones', data: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2] });
    expect(graph.rows[11]).toMatchObject({ count: 2, total: 400000, average: 200000 });
  });

  it('takes every line when none is chosen, and narrows to `from`', async () => {
    const all = json<{ data: StatisticsResponse }>(
      await get(3, '/api/reports/provisions-stadistics?clientId=10003&to=2026-06-15'),
    ).data;
    expect(all.series[1]!.data[11]).toBe(3);
    expect(all.rows[11]!.total).toBe(440000);
    const narrowed = json<{ data: StatisticsResponse }>(
      await get(3, '/api/reports/provisions-stadistics?clientId=10003&from=2026-06-03&to=2026-06-15'),
    ).data;
    expect(narrowed.series[1]!.data).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it('offers the lines the customer’s provisions used', async () => {
    const response = await get(3, '/api/reports/provisions-stadistics/credit-lines?clientId=10003');
    expect(json<{ data: { creditLine: string }[] }>(response).data.map((l) => l.creditLine)).toEqual([
      'LC-10003-01',
      'LC-10003-02',
    ]);
  });

  it('answers 404 for a customer outside the operator’s accounts and 400 for a bad date', async () => {
    const foreign = await get(3, '/api/reports/provisions-stadistics?clientId=10004');
    expect(foreign.statusCode).toBe(404);
    expect(json<ErrorResponse>(foreign).message).toBe(CONFIGURATION_MESSAGES.customerNotFound);
    expect((await get(3, '/api/reports/provisions-stadistics?clientId=10003&to=2026-13-01')).statusCode).toBe(400);
    expect((await get(3, '/api/reports/provisions-stadistics')).statusCode).toBe(400);
  });

  it('downloads a landscape PDF named with today’s date that names the customer', async () => {
    const response = await get(3, '/api/reports/provisions-stadistics/pdf?clientId=10003&to=2026-06-15');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Estadísticas de disposiciones (20-06-2026).pdf')}`,
    );
    const pdf = await PDFDocument.load(response.rawPayload);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);

    // What a person reads on the first page (poppler's pdftotext; .ci/run installs it).
    const dir = await mkdtemp(join(tmpdir(), 'planpiso-pdf-'));
    try {
      await writeFile(join(dir, 'informe.pdf'), response.rawPayload);
      const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', join(dir, 'informe.pdf'), '-'], {
        encoding: 'utf8',
      });
      expect(text).toContain(CONFIGURATION_MESSAGES.statisticsChartTitle);
      expect(text).toContain('Autos del Bajío');
      expect(text).toContain('jun 2026');
      expect(text).toContain('440,000.00');
      // The chart's axes carry their values (issue 14 §1.11): 150,000.00 is a tick, in no row of the table.
      expect(text).toContain('150,000.00');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('validation history', () => {
  it('lists verdicts with who asked, paged, for the lender only', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/external/vin-validations',
      payload: { vin: '3N1CD3AP0PL214114' },
      headers: bearer(tokens.get(3)!),
    });
    const response = await get(2, '/api/reports/historical-validations?vin=3N1CD3AP0PL214114&check=1');
    expect(response.statusCode).toBe(200);
    const page = json<{
      data: {
        items: { checkLabel: string; valid: boolean; requestedBy: string; validatedAt: string }[];
        total: number;
      };
    }>(response).data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ checkLabel: 'REPUVE', valid: false, requestedBy: 'Olga Operadora' });
    expect(page.items[0]!.validatedAt).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect((await get(4, '/api/reports/historical-validations')).statusCode).toBe(403);
  });
});
