import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_NUMBERS, FIXTURES_REFERENCE_DATE, VALID_NEW_VINS, vehicleByVin } from '../fixtures/index';
import { listen } from '../platform/server';
import { httpClient } from '../platform/testing';
import { buildCrmServer } from './server';

/**
 * Issue 29's journey makes a sale's grace period pass: the e2e moves the API's clock and, with it, the CRM's date
 * (`/__admin/clock`), so what the CRM answers "today" — days elapsed, interest accrued — moves too.
 */
const TOKEN = 'crm-de-prueba';
const { app } = buildCrmServer(TOKEN);
let url: string;
beforeAll(async () => {
  url = (await listen(app, '127.0.0.1', 0)).url;
});
afterAll(() => app.close());
afterEach(async () => {
  await crm().delete('/__admin/clock');
});

const crm = () => httpClient(url, TOKEN);
const NORTE = DEMO_CLIENT_NUMBERS.autosDelNorte;
type Clock = { today: string; daysMoved: number };
type Detail = { noCredito: string; diasTranscurridos: number; diasRescate: number };

/** $400,000.00 for 3 months from 2026-11-20 at the line's 13.25% a year: $147.22… of interest a day. */
async function insertCredit(vin: string) {
  const vehicle = vehicleByVin(vin)!;
  const inserted = await crm().post<{ noCredito: string }>('/InsertarUnidad', {
    numeroCliente: NORTE,
    lineaCredito: 'LC-10001-01',
    folio: 'DISP-000900',
    vin,
    marca: vehicle.marca,
    modelo: vehicle.modelo,
    monto: 400_000,
    plazo: 3,
    fechaInicio: '2026-11-20',
  });
  expect(inserted.status, JSON.stringify(inserted.body)).toBe(201);
  return inserted.body.noCredito;
}

describe("the CRM simulator's date", () => {
  it('starts at the fixtures’ date and is moved only with the token', async () => {
    expect((await crm().get<Clock>('/__admin/clock')).body).toEqual({ today: FIXTURES_REFERENCE_DATE, daysMoved: 0 });
    expect((await httpClient(url).post('/__admin/clock', { advanceDays: 3 })).status).toBe(401);
    expect((await crm().get<Clock>('/__admin/clock')).body.today).toBe(FIXTURES_REFERENCE_DATE);
  });

  it('moves days ahead, and the days elapsed and the interest accrued to today move with it', async () => {
    const credit = await insertCredit(VALID_NEW_VINS[7]!);
    const detail = async () =>
      (await crm().get<Detail[]>(`/DetalleCreditos?numeroCliente=${NORTE}`)).body.find((c) => c.noCredito === credit)!;
    // Not started yet at the fixtures' date (2026-11-16): nothing elapsed, nothing accrued.
    expect(await detail()).toMatchObject({ diasTranscurridos: 0, diasRescate: 92 });
    expect((await crm().get(`/SaldoCredito?noCredito=${credit}`)).body).toMatchObject({ accruedInterest: '0.00' });

    const moved = await crm().post<Clock>('/__admin/clock', { advanceDays: 14 });
    expect(moved).toMatchObject({ status: 200, body: { today: '2026-11-30', daysMoved: 14 } });
    // Ten days since its start: 400,000 × 13.25% / 360 × 10 = 1,472.22.
    expect(await detail()).toMatchObject({ diasTranscurridos: 10, diasRescate: 82 });
    expect((await crm().get(`/SaldoCredito?noCredito=${credit}`)).body).toMatchObject({
      principal: '400000.00',
      accruedInterest: '1472.22',
    });
    // The ERP's own page offers the moved day as the payment's date.
    expect((await crm().get<string>('/pagos')).body).toContain('name="paidAt" type="date" value="2026-11-30"');

    expect((await crm().delete<Clock>('/__admin/clock')).body).toEqual({
      today: FIXTURES_REFERENCE_DATE,
      daysMoved: 0,
    });
    expect(await detail()).toMatchObject({ diasTranscurridos: 0 });
  });

  it('goes to a given day, which starting over (DELETE /__admin/insertions) keeps', async () => {
    expect((await crm().post<Clock>('/__admin/clock', { today: '2026-12-20' })).body).toEqual({
      today: '2026-12-20',
      daysMoved: 34,
    });
    await crm().delete('/__admin/insertions');
    expect((await crm().get<Clock>('/__admin/clock')).body.today).toBe('2026-12-20');
  });

  it('refuses a body that is not exactly days ahead or a day (400)', async () => {
    for (const bad of [
      {},
      { advanceDays: 0 },
      { advanceDays: 2.5 },
      { advanceDays: '3' },
      { today: '2026-02-30' },
      { advanceDays: 1, today: '2026-12-01' },
    ]) {
      const answer = await crm().post<{ message: string }>('/__admin/clock', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.message).toMatch(/advanceDays/);
    }
    expect((await crm().get<Clock>('/__admin/clock')).body.daysMoved).toBe(0);
  });
});
