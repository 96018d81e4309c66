import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CLIENTS_WITH_PENDING_BALANCES,
  DEMO_CLIENT_NUMBERS,
  FAILING_VINS,
  FIXTURES_REFERENCE_DATE,
  VALID_NEW_VINS,
  vehicleByVin,
} from '../fixtures/index';
import { listen } from '../platform/server';
import { httpClient } from '../platform/testing';
import { daysBetween } from './dates';
import { buildCrmServer } from './server';

const TOKEN = 'crm-de-prueba';
const { app } = buildCrmServer(TOKEN);
let url: string;
beforeAll(async () => {
  url = (await listen(app, '127.0.0.1', 0)).url;
});
afterAll(() => app.close());
beforeEach(async () => {
  await crm().delete('/__admin/faults');
  await crm().delete('/__admin/insertions');
});

const crm = () => httpClient(url, TOKEN);

type LineConfiguration = {
  lineaCredito: string;
  tipoDispLinea: string;
  montoRestante: number;
  plazos: string;
  disponible: number;
  tienesSaldosPendientes: boolean;
};

const NORTE = DEMO_CLIENT_NUMBERS.autosDelNorte;

function unit(vin: string, overrides: Record<string, unknown> = {}) {
  const vehicle = vehicleByVin(vin)!;
  return {
    numeroCliente: NORTE,
    lineaCredito: 'LC-10001-01',
    folio: 'DISP-000123',
    vin,
    motor: vehicle.motor,
    marca: vehicle.marca,
    modelo: vehicle.modelo,
    descripcion: vehicle.descripcion,
    colorExterior: vehicle.colorExterior,
    colorInterior: vehicle.colorInterior,
    monto: 400_000,
    plazo: 3,
    fechaInicio: '2026-11-20',
    ...overrides,
  };
}

describe('CRM simulator', () => {
  it('asks for the bearer token', async () => {
    expect(await httpClient(url).get('/ClientesDispLinea')).toMatchObject({
      status: 401,
      body: { message: expect.any(String) },
    });
    expect((await httpClient(url).post('/InsertarUnidad', unit(VALID_NEW_VINS[0]!))).status).toBe(401);
    expect((await httpClient(url).get('/__admin/insertions')).status).toBe(401);
  });

  it('lists the clients, the demo companies among them', async () => {
    const { status, body } =
      await crm().get<{ numeroCliente: string; nombreEmpresa: string; razonSocial: string }[]>('/ClientesDispLinea');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(6);
    expect(body).toContainEqual({
      numeroCliente: DEMO_CLIENT_NUMBERS.autosDelNorte,
      nombreEmpresa: 'Autos del Norte',
      razonSocial: 'Autos del Norte S.A. de C.V.',
    });
    expect(body.find((c) => c.numeroCliente === DEMO_CLIENT_NUMBERS.camionesDelNorte)?.nombreEmpresa).toBe(
      'Camiones del Norte',
    );
    expect(body.find((c) => c.numeroCliente === DEMO_CLIENT_NUMBERS.autosDelBajio)?.nombreEmpresa).toBe(
      'Autos del Bajío',
    );
  });

  it('answers 400 without a required parameter and [] for an unknown client', async () => {
    for (const path of [
      '/RepresentantesLegales',
      '/LineasCredito',
      '/InformacionLineaCredito',
      '/ConfiguracionClientesDispLinea',
      '/InventarioCredito',
      '/DetalleCreditos',
      '/Avales',
      '/InformacionVin',
    ]) {
      expect(await crm().get(path)).toMatchObject({ status: 400, body: { message: expect.any(String) } });
    }
    for (const path of [
      '/RepresentantesLegales',
      '/LineasCredito',
      '/ConfiguracionClientesDispLinea',
      '/DetalleCreditos',
    ]) {
      expect(await crm().get(`${path}?numeroCliente=99999`)).toMatchObject({ status: 200, body: [] });
    }
    expect(await crm().get('/Avales?lineaCredito=LC-X')).toMatchObject({ status: 200, body: [] });
  });

  it('answers the legal representatives of a client', async () => {
    const { body } = await crm().get<Record<string, string>[]>(`/RepresentantesLegales?numeroCliente=${NORTE}`);
    expect(body.length).toBeGreaterThanOrEqual(1);
    for (const representative of body) {
      expect(representative).toMatchObject({
        numeroCliente: NORTE,
        nombres: expect.any(String),
        apellidos: expect.any(String),
      });
      expect(representative.correo).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(representative.telefono).toMatch(/^\d{10}$/);
    }
  });

  it('keeps the lines, their information and their configuration consistent', async () => {
    const lines = (await crm().get<Record<string, unknown>[]>(`/LineasCredito?numeroCliente=${NORTE}`)).body;
    expect(lines.map((l) => l.tipoDispLinea).sort()).toEqual(['100000000', '100000001']);
    for (const line of lines) {
      const info = (
        await crm().get<Record<string, number>>(`/InformacionLineaCredito?lineaCredito=${line.lineaCredito}`)
      ).body;
      expect(info).toMatchObject({ lineaCredito: line.lineaCredito, numeroCliente: NORTE, plazos: line.plazos });
      expect(info.montoDispuesto! + info.montoRestante!).toBeCloseTo(info.montoAutorizado!, 2);
      expect(info.montoRestante).toBe(line.montoRestante);
    }
    expect((await crm().get('/InformacionLineaCredito?lineaCredito=LC-00000-00')).status).toBe(404);

    const configuration = (
      await crm().get<LineConfiguration[]>(`/ConfiguracionClientesDispLinea?numeroCliente=${NORTE}`)
    ).body;
    expect(configuration).toHaveLength(lines.length);
    expect(configuration[0]).toEqual({
      lineaCredito: 'LC-10001-01',
      tipoDispLinea: '100000000',
      montoRestante: expect.any(Number),
      plazos: '1|2|3|6',
      disponible: expect.any(Number),
      tienesSaldosPendientes: false,
    });
  });

  it('flags pending balances and holds the overdue capital back from what is available', async () => {
    expect(CLIENTS_WITH_PENDING_BALANCES).toContain(DEMO_CLIENT_NUMBERS.camionesDelNorte);
    const configuration = (
      await crm().get<LineConfiguration[]>(
        `/ConfiguracionClientesDispLinea?numeroCliente=${DEMO_CLIENT_NUMBERS.camionesDelNorte}`,
      )
    ).body;
    expect(configuration.every((line) => line.tienesSaldosPendientes)).toBe(true);
    expect(configuration.some((line) => line.disponible < line.montoRestante)).toBe(true);
  });

  it("answers the inventory, filtered by the credits' start date", async () => {
    const all = (await crm().get<Record<string, unknown>[]>(`/InventarioCredito?numeroCliente=${NORTE}`)).body;
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(all[0]!).sort()).toEqual(['finCredito', 'lineaCredito', 'modelo', 'noCredito', 'plazo', 'vin']);
    const details = (await crm().get<Record<string, string>[]>(`/DetalleCreditos?numeroCliente=${NORTE}`)).body;
    const from = '2026-10-01';
    const expected = details.filter((d) => d.fechaInicio! >= from).map((d) => d.noCredito);
    const filtered = (
      await crm().get<Record<string, string>[]>(
        `/InventarioCredito?numeroCliente=${NORTE}&fechaInicio=${from}&fechaFinal=2026-12-31`,
      )
    ).body;
    expect(filtered.map((row) => row.noCredito)).toEqual(expected);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    expect((await crm().get(`/InventarioCredito?numeroCliente=${NORTE}&fechaInicio=01/10/2026`)).status).toBe(400);
  });

  it('answers credit details with day counts at the reference date', async () => {
    const details = (
      await crm().get<Record<string, string | number | boolean>[]>(`/DetalleCreditos?numeroCliente=${NORTE}`)
    ).body;
    const credit = details[0]!;
    expect(Object.keys(credit).sort()).toEqual(
      [
        'noCredito',
        'contrato',
        'lineaCredito',
        'vin',
        'modelo',
        'asignacion',
        'agencia',
        'tasa',
        'saldoCapital',
        'fechaInicio',
        'fechaVencimiento',
        'diasTranscurridos',
        'plazoFinanciamiento',
        'diasRescate',
        'auditoria',
        'tipo',
      ].sort(),
    );
    expect(credit.diasRescate).toBe(daysBetween(FIXTURES_REFERENCE_DATE, credit.fechaVencimiento as string));
    expect(credit.diasTranscurridos).toBe(daysBetween(credit.fechaInicio as string, FIXTURES_REFERENCE_DATE));
    expect(typeof credit.auditoria).toBe('boolean');
  });

  it('derives every credit’s days from its own dates: rescue = term − elapsed, a credit inserted later too (decision 060)', async () => {
    type Detail = {
      noCredito: string;
      vin: string;
      fechaInicio: string;
      fechaVencimiento: string;
      diasTranscurridos: number;
      plazoFinanciamiento: number;
      diasRescate: number;
    };
    const coherent = (credit: Detail) => {
      expect(credit.plazoFinanciamiento, credit.noCredito).toBe(
        daysBetween(credit.fechaInicio, credit.fechaVencimiento),
      );
      expect(credit.diasRescate, credit.noCredito).toBe(credit.plazoFinanciamiento - credit.diasTranscurridos);
      expect(credit.diasTranscurridos, credit.noCredito).toBeGreaterThanOrEqual(0);
    };
    const clients = (await crm().get<{ numeroCliente: string }[]>('/ClientesDispLinea')).body;
    let seen = 0;
    for (const { numeroCliente } of clients) {
      const details = (await crm().get<Detail[]>(`/DetalleCreditos?numeroCliente=${numeroCliente}`)).body;
      details.forEach(coherent);
      seen += details.length;
    }
    expect(seen).toBeGreaterThan(20);

    // A unit the lender sends with a start after the CRM's date (its clock is the fixtures'): 181 days of term,
    // none elapsed, 181 to rescue (it said 192 before: the days to rescue counted from the CRM's date).
    const vin = VALID_NEW_VINS[5]!;
    const inserted = await crm().post('/InsertarUnidad', unit(vin, { plazo: 6, fechaInicio: '2026-11-27' }));
    expect(inserted.status).toBe(201);
    const credit = (await crm().get<Detail[]>(`/DetalleCreditos?numeroCliente=${NORTE}`)).body.find(
      (c) => c.vin === vin,
    )!;
    expect(credit).toMatchObject({
      fechaInicio: '2026-11-27',
      fechaVencimiento: '2027-05-27',
      diasTranscurridos: 0,
      plazoFinanciamiento: 181,
      diasRescate: 181,
    });
    coherent(credit);
  });

  it('answers natural and corporate guarantors', async () => {
    const guarantors = (await crm().get<Record<string, unknown>[]>('/Avales?lineaCredito=LC-10001-01')).body;
    expect(guarantors.map((g) => g.tipoPersona).sort()).toEqual(['fisica', 'moral']);
    const company = guarantors.find((g) => g.tipoPersona === 'moral')!;
    expect(company.razonSocial).toMatch(/S\.A\. de C\.V\.$/);
    expect((company.representantes as unknown[]).length).toBeGreaterThan(0);
    expect(guarantors.find((g) => g.tipoPersona === 'fisica')!.representantes).toEqual([]);
  });

  it('answers VIN information, 404 for an unknown VIN', async () => {
    const vin = VALID_NEW_VINS[0]!;
    const { status, body } = await crm().get(`/InformacionVin?vin=${vin.toLowerCase()}`);
    expect(status).toBe(200);
    const { marca, tipo, modelo, descripcion, motor, colorExterior, colorInterior } = vehicleByVin(vin)!;
    expect(body).toEqual({ vin, marca, tipo, modelo, descripcion, motor, colorExterior, colorInterior });
    expect((await crm().get('/InformacionVin?vin=1HGCM82633A004352')).status).toBe(404);
  });

  it('inserts a unit once per idempotency key and per VIN on a line, and lowers the line balance', async () => {
    const before = (await crm().get<LineConfiguration[]>(`/ConfiguracionClientesDispLinea?numeroCliente=${NORTE}`))
      .body[0]!;
    const vin = VALID_NEW_VINS[0]!;
    const first = await crm().post('/InsertarUnidad', unit(vin), { 'idempotency-key': 'disp-1-unidad-1' });
    expect(first).toMatchObject({
      status: 201,
      body: { noCredito: expect.any(String), vin, lineaCredito: 'LC-10001-01' },
    });

    const again = await crm().post('/InsertarUnidad', unit(vin), { 'idempotency-key': 'disp-1-unidad-1' });
    expect(again).toMatchObject({ status: 200, body: first.body });
    const sameUnit = await crm().post('/InsertarUnidad', unit(vin), { 'idempotency-key': 'otra-clave' });
    expect(sameUnit).toMatchObject({ status: 200, body: first.body });
    const reusedKey = await crm().post('/InsertarUnidad', unit(VALID_NEW_VINS[1]!), {
      'idempotency-key': 'disp-1-unidad-1',
    });
    expect(reusedKey.status).toBe(422);

    const insertions = (await crm().get<{ idempotencyKey: string; result: unknown }[]>('/__admin/insertions')).body;
    expect(insertions).toHaveLength(1);
    expect(insertions[0]).toMatchObject({ idempotencyKey: 'disp-1-unidad-1', result: first.body });

    const after = (await crm().get<LineConfiguration[]>(`/ConfiguracionClientesDispLinea?numeroCliente=${NORTE}`))
      .body[0]!;
    expect(after.montoRestante).toBeCloseTo(before.montoRestante - 400_000, 2);
    expect(after.disponible).toBeCloseTo(before.disponible - 400_000, 2);
    const inventory = (await crm().get<{ vin: string }[]>(`/InventarioCredito?numeroCliente=${NORTE}`)).body;
    expect(inventory.map((row) => row.vin)).toContain(vin);

    await crm().delete('/__admin/insertions');
    expect((await crm().get('/__admin/insertions')).body).toEqual([]);
    const reset = (await crm().get<LineConfiguration[]>(`/ConfiguracionClientesDispLinea?numeroCliente=${NORTE}`))
      .body[0]!;
    expect(reset.montoRestante).toBe(before.montoRestante);
  });

  it('rejects with 422 the VINs the CRM refuses, a foreign line, a term off the line and an amount over the balance', async () => {
    for (const vin of FAILING_VINS.crmInsertion) {
      expect(await crm().post('/InsertarUnidad', unit(vin), { 'idempotency-key': vin })).toMatchObject({
        status: 422,
        body: { message: expect.any(String) },
      });
    }
    const vin = VALID_NEW_VINS[2]!;
    expect((await crm().post('/InsertarUnidad', unit(vin, { lineaCredito: 'LC-10003-01' }))).status).toBe(422);
    expect((await crm().post('/InsertarUnidad', unit(vin, { plazo: 5 }))).status).toBe(422);
    expect((await crm().post('/InsertarUnidad', unit(vin, { monto: 900_000_000 }))).status).toBe(422);
    expect((await crm().get('/__admin/insertions')).body).toEqual([]);
  });

  it('answers 400 for a body that is not a unit', async () => {
    const vin = VALID_NEW_VINS[3]!;
    for (const bad of [
      unit(vin, { vin: 'CORTO' }),
      unit(vin, { monto: '10' }),
      unit(vin, { fechaInicio: '20/11/2026' }),
      unit(vin, { numeroCliente: undefined }),
    ]) {
      expect(await crm().post('/InsertarUnidad', bad)).toMatchObject({
        status: 400,
        body: { message: expect.any(String) },
      });
    }
  });

  describe("a credit's money (issue 29)", () => {
    type Balance = {
      creditNumber: string;
      principal: string;
      accruedInterest: string;
      paidTotal: string;
      nextCurtailment: { date: string; amount: string } | null;
      status: 'vigente' | 'liquidado';
      paidOffAt: string | null;
    };
    type Quote = { creditNumber: string; date: string; principal: string; interest: string; total: string };

    /** A credit of $400,000.00 for 3 months (92 days) from 2026-11-20, on a line at 13.25% a year. */
    async function insertedCredit(vin = VALID_NEW_VINS[6]!) {
      const inserted = await crm().post<{ noCredito: string }>('/InsertarUnidad', unit(vin));
      expect(inserted.status).toBe(201);
      const detail = (
        await crm().get<{ noCredito: string; tasa: number; fechaVencimiento: string }[]>(
          `/DetalleCreditos?numeroCliente=${NORTE}`,
        )
      ).body.find((c) => c.noCredito === inserted.body.noCredito)!;
      expect(detail).toMatchObject({ tasa: 13.25, fechaVencimiento: '2027-02-20' });
      return inserted.body.noCredito;
    }
    const pay = (creditNumber: string, amount: string, paidAt: string) =>
      crm().post<Balance>('/RegistrarPago', { creditNumber, amount, paidAt });

    it('answers a new credit’s balance: its whole principal, no interest yet, the first third due at day 30', async () => {
      const credit = await insertedCredit();
      expect(await crm().get(`/SaldoCredito?noCredito=${credit}`)).toMatchObject({
        status: 200,
        body: {
          creditNumber: credit,
          principal: '400000.00',
          accruedInterest: '0.00',
          paidTotal: '0.00',
          nextCurtailment: { date: '2026-12-20', amount: '133333.33' },
          status: 'vigente',
          paidOffAt: null,
        },
      });
      // Ten days later: 400,000 × 13.25% / 360 × 10 = 1,472.22 of interest.
      expect((await crm().get<Balance>(`/SaldoCredito?noCredito=${credit}&date=2026-11-30`)).body).toMatchObject({
        principal: '400000.00',
        accruedInterest: '1472.22',
      });
    });

    it('quotes the payoff of a day as principal plus the interest to that day', async () => {
      const credit = await insertedCredit();
      // 30 days: 400,000 × 13.25% / 360 × 30 = 4,416.666… → 4,416.67.
      expect(await crm().get(`/CotizacionLiquidacion?noCredito=${credit}&date=2026-12-20`)).toMatchObject({
        status: 200,
        body: {
          creditNumber: credit,
          date: '2026-12-20',
          principal: '400000.00',
          interest: '4416.67',
          total: '404416.67',
        },
      });
    });

    it('applies a payment to interest first, then principal, and moves the next curtailment on', async () => {
      const credit = await insertedCredit();
      const paid = await pay(credit, '140000.00', '2026-12-20');
      // 4,416.67 of interest, 135,583.33 of principal: the first third (133,333.33) is covered, the second third
      // (266,666.67 paid down by day 60) still needs 131,083.34.
      expect(paid).toMatchObject({
        status: 201,
        body: {
          principal: '264416.67',
          accruedInterest: '0.00',
          paidTotal: '140000.00',
          nextCurtailment: { date: '2027-01-19', amount: '131083.34' },
          status: 'vigente',
          paidOffAt: null,
        },
      });
      expect((await crm().get<Balance>(`/SaldoCredito?noCredito=${credit}`)).body).toMatchObject(paid.body);
      // The principal paid frees the line again in DetalleCreditos.
      const detail = (
        await crm().get<{ noCredito: string; saldoCapital: number }[]>(`/DetalleCreditos?numeroCliente=${NORTE}`)
      ).body.find((c) => c.noCredito === credit);
      expect(detail?.saldoCapital).toBe(264416.67);
    });

    it('settles the credit with a payment equal to the payoff: liquidado, dated, and the line freed', async () => {
      const before = (await crm().get<LineConfiguration[]>(`/ConfiguracionClientesDispLinea?numeroCliente=${NORTE}`))
        .body[0]!;
      const credit = await insertedCredit();
      expect((await pay(credit, '140000.00', '2026-12-20')).status).toBe(201);
      // 30 more days on 264,416.67: 2,919.60 of interest.
      const quote = await crm().get<Quote>(`/CotizacionLiquidacion?noCredito=${credit}&date=2027-01-19`);
      expect(quote.body).toMatchObject({ principal: '264416.67', interest: '2919.60', total: '267336.27' });

      expect(await pay(credit, '267336.28', '2027-01-19')).toMatchObject({
        status: 422,
        body: { message: expect.stringContaining('267336.27') },
      });
      const settled = await pay(credit, '267336.27', '2027-01-19');
      expect(settled).toMatchObject({
        status: 201,
        body: {
          principal: '0.00',
          accruedInterest: '0.00',
          paidTotal: '407336.27',
          nextCurtailment: null,
          status: 'liquidado',
          paidOffAt: '2027-01-19',
        },
      });
      expect((await crm().get<Balance>(`/SaldoCredito?noCredito=${credit}`)).body).toEqual(settled.body);
      expect((await crm().get<Quote>(`/CotizacionLiquidacion?noCredito=${credit}&date=2027-03-01`)).body).toMatchObject(
        { principal: '0.00', interest: '0.00', total: '0.00' },
      );
      expect(await pay(credit, '100.00', '2027-01-20')).toMatchObject({
        status: 422,
        body: { message: `El crédito ${credit} ya está liquidado` },
      });
      const after = (await crm().get<LineConfiguration[]>(`/ConfiguracionClientesDispLinea?numeroCliente=${NORTE}`))
        .body[0]!;
      expect(after.disponible).toBe(before.disponible);
    });

    it('shows a past-due curtailment of a fixture credit, all the shares fallen due adding up', async () => {
      // CRE-0001103: 256,140.00 for 3 months from 2026-10-12; a third was due on day 30, 2026-11-11.
      expect((await crm().get<Balance>('/SaldoCredito?noCredito=CRE-0001103')).body.nextCurtailment).toEqual({
        date: '2026-11-11',
        amount: '85380.00',
      });
      expect(
        (await crm().get<Balance>('/SaldoCredito?noCredito=CRE-0001103&date=2026-12-15')).body.nextCurtailment,
      ).toEqual({ date: '2026-12-11', amount: '170760.00' });
    });

    it('answers 400 for bad input, 404 for an unknown credit and 422 for a payment or a date it cannot take', async () => {
      const credit = await insertedCredit();
      for (const path of [
        '/SaldoCredito',
        `/SaldoCredito?noCredito=${credit}&date=20/12/2026`,
        '/CotizacionLiquidacion?date=2026-12-20',
        `/CotizacionLiquidacion?noCredito=${credit}`,
        `/CotizacionLiquidacion?noCredito=${credit}&date=2026-02-30`,
      ]) {
        expect(await crm().get(path), path).toMatchObject({ status: 400, body: { message: expect.any(String) } });
      }
      for (const body of [
        { creditNumber: credit, amount: 1500, paidAt: '2026-12-20' },
        { creditNumber: credit, amount: '1500.5', paidAt: '2026-12-20' },
        { creditNumber: credit, amount: '0.00', paidAt: '2026-12-20' },
        { creditNumber: credit, amount: '-10.00', paidAt: '2026-12-20' },
        { creditNumber: credit, amount: '1500.00', paidAt: '20/12/2026' },
        { amount: '1500.00', paidAt: '2026-12-20' },
      ]) {
        expect(await crm().post('/RegistrarPago', body), JSON.stringify(body)).toMatchObject({
          status: 400,
          body: { message: expect.any(String) },
        });
      }
      expect((await crm().get('/SaldoCredito?noCredito=CRE-9999999')).status).toBe(404);
      expect((await crm().get('/CotizacionLiquidacion?noCredito=CRE-9999999&date=2026-12-20')).status).toBe(404);
      expect((await pay('CRE-9999999', '100.00', '2026-12-20')).status).toBe(404);

      expect((await crm().get(`/CotizacionLiquidacion?noCredito=${credit}&date=2026-11-19`)).status).toBe(422);
      expect((await pay(credit, '100.00', '2026-11-19')).status).toBe(422);
      expect((await pay(credit, '100.00', '2026-12-20')).status).toBe(201);
      expect(await pay(credit, '100.00', '2026-12-19')).toMatchObject({
        status: 422,
        body: { message: 'La fecha del pago es anterior al último pago registrado (2026-12-20)' },
      });
      expect((await httpClient(url).post('/RegistrarPago', { creditNumber: credit })).status).toBe(401);
      // Nothing refused was recorded.
      expect((await crm().get<Balance>(`/SaldoCredito?noCredito=${credit}`)).body.paidTotal).toBe('100.00');
    });

    it('lets a person record a payment and settle a credit from the ERP page', async () => {
      const credit = await insertedCredit();
      const form = (fields: Record<string, string>) =>
        fetch(`${url}/pagos`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
      const page = await fetch(`${url}/pagos`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain(credit);

      const typed = await form({ creditNumber: credit, amount: '1,500', paidAt: '2026-12-01' });
      expect(typed.status).toBe(200);
      expect(await typed.text()).toContain(`Pago registrado en el crédito ${credit}.`);
      expect((await crm().get<Balance>(`/SaldoCredito?noCredito=${credit}`)).body.paidTotal).toBe('1500.00');

      const refused = await form({ creditNumber: credit, amount: 'mil', paidAt: '2026-12-01' });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('amount debe ser un monto con 2 decimales');

      // The row's Liquidar button posts the payoff of the day the page shows.
      const html = await (await fetch(`${url}/pagos`)).text();
      const row = html.slice(html.indexOf(`<tr data-credit="${credit}">`));
      const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(row)![1]!;
      const quote = (await crm().get<Quote>(`/CotizacionLiquidacion?noCredito=${credit}&date=${hidden('paidAt')}`))
        .body;
      expect(hidden('amount')).toBe(quote.total);
      const settled = await form({ creditNumber: credit, amount: hidden('amount'), paidAt: hidden('paidAt') });
      expect(await settled.text()).toContain(`el crédito ${credit} quedó liquidado`);
      expect((await crm().get<Balance>(`/SaldoCredito?noCredito=${credit}`)).body).toMatchObject({
        status: 'liquidado',
        paidOffAt: '2026-12-01',
      });
    });
  });

  it('obeys its fault knobs per route', async () => {
    await crm().put('/__admin/faults', { route: 'GET /ConfiguracionClientesDispLinea', errorRate: 1 });
    expect((await crm().get(`/ConfiguracionClientesDispLinea?numeroCliente=${NORTE}`)).status).toBe(500);
    expect((await crm().get(`/LineasCredito?numeroCliente=${NORTE}`)).status).toBe(200);

    await crm().put('/__admin/faults', { route: 'POST /InsertarUnidad', down: true });
    await expect(
      fetch(`${url}/InsertarUnidad`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(unit(VALID_NEW_VINS[4]!)),
      }),
    ).rejects.toThrow();
    expect((await crm().get('/__admin/insertions')).body).toEqual([]);
  });
});
