import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  crmClient,
  crmCreditDetail,
  crmCreditLine,
  crmCreditLineInformation,
  crmGuarantor,
  crmInventoryRow,
  crmLineConfiguration,
  crmPayment,
  crmPayoffQuote,
  crmVinInformation,
  crmCreditBalance,
  crmCreditBalancesRequest,
  Money,
  type CrmPayment,
  type CrmUnitInsertion,
} from '@planpiso/domain';
import { CLIENTS, GUARANTORS, LEGAL_REPRESENTATIVES, vehicleByVin, type CreditFixture } from '../fixtures/index';
import { SimulatorError, badRequest, notFound } from '../platform/errors';
import { createSimulatorApp } from '../platform/server';
import { isIsoDate } from './dates';
import { paymentsPagePath, readPaymentForm, renderPaymentsPage } from './payments-page';
import { CrmState, round2 } from './state';

export type CrmServer = { app: FastifyInstance; state: CrmState };

type Query = Record<string, string | undefined>;

/** A required query parameter, trimmed; 400 when missing (decision 009: errors are `{ message }`). */
function required(request: FastifyRequest, name: string): string {
  const value = (request.query as Query)[name]?.trim();
  if (!value) throw badRequest(`Falta el parámetro ${name}`);
  return value;
}

function optionalDate(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Query)[name]?.trim();
  if (!value) return undefined;
  if (!isIsoDate(value)) throw badRequest(`${name} debe tener el formato YYYY-MM-DD`);
  return value;
}

/**
 * The CRM of decision 009: the spec's read paths over the fixtures, plus the idempotent unit insertion. Each
 * answer is the domain's record of it (parse keeps the record's fields and drops what only the fixtures know).
 */
export function buildCrmServer(token: string): CrmServer {
  const { app } = createSimulatorApp({ token });
  const state = new CrmState();

  app.get('/ClientesDispLinea', async () => CLIENTS.map((client) => crmClient.parse(client)));

  app.get('/RepresentantesLegales', async (request) => {
    const numeroCliente = required(request, 'numeroCliente');
    return LEGAL_REPRESENTATIVES.filter((r) => r.numeroCliente === numeroCliente);
  });

  app.get('/LineasCredito', async (request) => {
    const numeroCliente = required(request, 'numeroCliente');
    return state
      .linesOf(numeroCliente)
      .map((line) => crmCreditLine.parse({ ...line, montoRestante: state.balances(line).montoRestante }));
  });

  app.get('/InformacionLineaCredito', async (request) => {
    const lineaCredito = required(request, 'lineaCredito');
    const line = state.line(lineaCredito);
    if (!line) throw notFound(`La línea de crédito ${lineaCredito} no existe`);
    return crmCreditLineInformation.parse({ ...line, ...state.balances(line) });
  });

  app.get('/ConfiguracionClientesDispLinea', async (request) => {
    const numeroCliente = required(request, 'numeroCliente');
    const tienesSaldosPendientes = state.hasPendingBalances(numeroCliente);
    return state
      .linesOf(numeroCliente)
      .map((line) => crmLineConfiguration.parse({ ...line, ...state.balances(line), tienesSaldosPendientes }));
  });

  app.get('/InventarioCredito', async (request) => {
    const numeroCliente = required(request, 'numeroCliente');
    const from = optionalDate(request, 'fechaInicio');
    const to = optionalDate(request, 'fechaFinal');
    // The range filters on the day each credit started.
    const inRange = (credit: CreditFixture) =>
      (!from || credit.fechaInicio >= from) && (!to || credit.fechaInicio <= to);
    return state
      .creditsOf(numeroCliente)
      .filter(inRange)
      .map((credit) => crmInventoryRow.parse({ ...credit, finCredito: credit.fechaVencimiento }));
  });

  app.get('/DetalleCreditos', async (request) => {
    const numeroCliente = required(request, 'numeroCliente');
    return state
      .creditsOf(numeroCliente)
      .map((credit) =>
        crmCreditDetail.parse({ ...credit, saldoCapital: round2(credit.saldoCapital), ...state.dayCounts(credit) }),
      );
  });

  app.get('/Avales', async (request) => {
    const lineaCredito = required(request, 'lineaCredito');
    return GUARANTORS.filter((g) => g.lineasCredito.includes(lineaCredito)).map((g) => crmGuarantor.parse(g));
  });

  app.get('/InformacionVin', async (request) => {
    const vin = required(request, 'vin').toUpperCase();
    const vehicle = vehicleByVin(vin);
    if (!vehicle) throw notFound(`El VIN ${vin} no existe en el CRM`);
    return crmVinInformation.parse(vehicle);
  });

  app.post('/InsertarUnidad', async (request, reply) => {
    const unit = parseInsertion(request.body);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = (Array.isArray(header) ? header[0] : header)?.trim() || null;
    const { result, replayed } = state.insert(unit, idempotencyKey);
    return reply.status(replayed ? 200 : 201).send(result);
  });

  // A credit's money (issue 29): its balance, a payoff quote for a day, and the payments the lender's ERP records.
  app.get('/SaldoCredito', async (request) => {
    const noCredito = required(request, 'noCredito');
    return crmCreditBalance.parse(state.balance(noCredito, optionalDate(request, 'date')));
  });

  // A batch of balances (the register's reconciliation): the credits it knows, in the order asked.
  app.post('/SaldosCreditos', async (request) => {
    const parsed = crmCreditBalancesRequest.safeParse(request.body);
    if (!parsed.success) throw badRequest('noCreditos debe ser una lista de 1 a 200 números de crédito');
    const { noCreditos, date } = parsed.data;
    return noCreditos.filter((noCredito) => state.knows(noCredito)).map((noCredito) => state.balance(noCredito, date));
  });

  app.get('/CotizacionLiquidacion', async (request) => {
    const noCredito = required(request, 'noCredito');
    const date = required(request, 'date');
    if (!isIsoDate(date)) throw badRequest('date debe tener el formato YYYY-MM-DD');
    return crmPayoffQuote.parse(state.payoffQuote(noCredito, date));
  });

  app.post('/RegistrarPago', async (request, reply) => {
    const payment = parsePayment(request.body);
    return reply.status(201).send(crmCreditBalance.parse(state.recordPayment(payment)));
  });

  // The ERP's own page, for a person (like the e-signature pages, no token): the credits with their balances and a
  // form that records a payment through the same rules.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get(paymentsPagePath, { config: { public: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderPaymentsPage(state)),
  );
  app.post(paymentsPagePath, { config: { public: true } }, async (request, reply) => {
    let outcome: { ok: boolean; text: string };
    try {
      const balance = state.recordPayment(parsePayment(readPaymentForm(request.body)));
      outcome = {
        ok: true,
        text:
          balance.status === 'liquidado'
            ? `Pago registrado: el crédito ${balance.creditNumber} quedó liquidado.`
            : `Pago registrado en el crédito ${balance.creditNumber}.`,
      };
    } catch (error) {
      if (!(error instanceof SimulatorError)) throw error;
      void reply.status(error.statusCode);
      outcome = { ok: false, text: error.message };
    }
    return reply.type('text/html; charset=utf-8').send(renderPaymentsPage(state, outcome));
  });

  // The CRM's date, moved by e2e journeys together with the API's clock (TEST_CLOCK): `{ advanceDays }` or `{ today }`.
  const clock = () => ({ today: state.today, daysMoved: state.daysMoved() });
  app.get('/__admin/clock', async () => clock());
  app.post('/__admin/clock', async (request) => {
    const move = parseClockMove(request.body);
    if ('today' in move) state.setToday(move.today);
    else state.advanceDays(move.advanceDays);
    return clock();
  });
  app.delete('/__admin/clock', async () => {
    state.resetToday();
    return clock();
  });

  app.get('/__admin/insertions', async () => state.listInsertions());
  app.delete('/__admin/insertions', async () => {
    state.reset();
    return { ok: true };
  });

  return { app, state };
}

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** 400 for a body that is not a unit at all; business refusals are the state's 422s. */
function parseInsertion(body: unknown): CrmUnitInsertion {
  if (typeof body !== 'object' || body === null) throw badRequest('El cuerpo debe ser un objeto JSON');
  const input = body as Record<string, unknown>;
  const text = (name: string, mandatory: boolean) => {
    const value = input[name];
    if (value === undefined || value === null) {
      if (mandatory) throw badRequest(`Falta el campo ${name}`);
      return '';
    }
    if (typeof value !== 'string') throw badRequest(`${name} debe ser texto`);
    if (mandatory && !value.trim()) throw badRequest(`Falta el campo ${name}`);
    return value.trim();
  };
  const vin = text('vin', true).toUpperCase();
  if (!VIN.test(vin)) throw badRequest('vin debe tener 17 caracteres (sin I, O ni Q)');
  const { monto, plazo } = input;
  if (typeof monto !== 'number' || !Number.isFinite(monto) || monto <= 0) {
    throw badRequest('monto debe ser un número mayor a 0');
  }
  if (typeof plazo !== 'number' || !Number.isInteger(plazo) || plazo <= 0) {
    throw badRequest('plazo debe ser un número entero de meses');
  }
  const fechaInicio = text('fechaInicio', true);
  if (!isIsoDate(fechaInicio)) throw badRequest('fechaInicio debe tener el formato YYYY-MM-DD');
  return {
    numeroCliente: text('numeroCliente', true),
    lineaCredito: text('lineaCredito', true),
    folio: text('folio', false),
    vin,
    motor: text('motor', false),
    marca: text('marca', false),
    modelo: text('modelo', false),
    descripcion: text('descripcion', false),
    colorExterior: text('colorExterior', false),
    colorInterior: text('colorInterior', false),
    monto: round2(monto),
    plazo,
    fechaInicio,
  };
}

/** 400 unless the body is exactly one of `{ advanceDays }` (a whole number of days, 1 to 3650) or `{ today }`. */
function parseClockMove(body: unknown): { advanceDays: number } | { today: string } {
  const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const keys = Object.keys(input);
  const { advanceDays, today } = input;
  if (keys.length === 1 && typeof today === 'string' && isIsoDate(today)) return { today };
  if (keys.length === 1 && typeof advanceDays === 'number' && Number.isInteger(advanceDays)) {
    if (advanceDays >= 1 && advanceDays <= 3650) return { advanceDays };
  }
  throw badRequest('El cuerpo debe ser { advanceDays } (días enteros, 1 a 3650) o { today } (YYYY-MM-DD)');
}

/** 400 for a body that is not a payment (an amount above 0 with exactly 2 decimals, the day YYYY-MM-DD). */
function parsePayment(body: unknown): CrmPayment {
  const parsed = crmPayment.safeParse(body);
  if (parsed.success) {
    if (!Money.of(parsed.data.amount).greaterThan(Money.zero)) throw badRequest('amount debe ser mayor a 0');
    return parsed.data;
  }
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'el cuerpo';
  const expected: Record<string, string> = {
    creditNumber: 'creditNumber debe ser el número de crédito',
    amount: "amount debe ser un monto con 2 decimales, p. ej. '1500.00'",
    paidAt: 'paidAt debe tener el formato YYYY-MM-DD',
  };
  throw badRequest(expected[field] ?? `${field} no es válido: debe ser { creditNumber, amount, paidAt }`);
}
