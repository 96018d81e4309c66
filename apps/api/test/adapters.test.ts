import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import {
  CRM_REJECTIONS,
  DEMO_CLIENT_NUMBERS,
  FAILING_VINS,
  REPUVE_REPORTS,
  TRANSUNION_REPORTS,
  VALID_NEW_VINS,
} from '@planpiso/simulators/fixtures';
import { startSimulators, type Simulators } from '../../simulators/src/index';
import { createAdapters, type Adapters } from '../src/adapters';
import { CrmRejectedError, ExternalServiceError } from '../src/adapters/errors';
import { testConfig } from './harness';

// The adapters against the simulators over real HTTP (issue 4). Each test that breaks a system on purpose uses
// this file's own simulators, so the fault knobs never reach another file's tests.

let simulators: Simulators;

beforeAll(async () => {
  simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
});
afterAll(async () => {
  await simulators.stop();
});

/** Adapters pointed at this file's simulators; `env` tunes timeouts, retries and the breaker. */
function adapters(env: Record<string, string> = {}): Adapters {
  const { urls, tokens } = simulators;
  return createAdapters(
    testConfig({
      CRM_URL: urls.crm,
      CRM_TOKEN: tokens.crm,
      VEHICLES_URL: urls.vehicles,
      VEHICLES_TOKEN: tokens.vehicles,
      AX_URL: urls.ax,
      AX_TOKEN: tokens.ax,
      ESIGN_URL: urls.esign,
      ESIGN_TOKEN: tokens.esign,
      EXTERNAL_RETRY_DELAY_MS: '10',
      ...env,
    }),
  );
}

async function setFault(system: keyof Simulators['urls'], knob: Record<string, unknown>) {
  const response = await fetch(`${simulators.urls[system]}/__admin/faults`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${simulators.tokens[system]}`, 'content-type': 'application/json' },
    body: JSON.stringify(knob),
  });
  expect(response.status).toBe(200);
}

async function clearFaults(system: keyof Simulators['urls']) {
  await fetch(`${simulators.urls[system]}/__admin/faults`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${simulators.tokens[system]}` },
  });
}

/** The error a promise rejects with (the test fails if it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const demoClient = DEMO_CLIENT_NUMBERS.autosDelNorte;

describe('normal answers', () => {
  const external = () => adapters();

  it('CRM: clients, legal representatives, credit lines and their configuration', async () => {
    const crm = external().crm;
    const clients = await crm.clients();
    expect(clients.length).toBeGreaterThanOrEqual(5);
    expect(clients.map((c) => c.numeroCliente)).toContain(demoClient);
    expect(clients[0]).toEqual(
      expect.objectContaining({ numeroCliente: expect.any(String), razonSocial: expect.any(String) }),
    );

    const representatives = await crm.legalRepresentatives(demoClient);
    expect(representatives.length).toBeGreaterThan(0);
    expect(representatives.every((r) => r.numeroCliente === demoClient)).toBe(true);

    const lines = await crm.creditLines(demoClient);
    expect(lines.length).toBeGreaterThan(0);
    const configuration = await crm.lineConfiguration(demoClient);
    expect(configuration.map((l) => l.lineaCredito).sort()).toEqual(lines.map((l) => l.lineaCredito).sort());
    expect(configuration[0]!.plazos).toMatch(/^\d+(\|\d+)*$/);

    const information = await crm.creditLineInformation(lines[0]!.lineaCredito);
    expect(information).toMatchObject({ lineaCredito: lines[0]!.lineaCredito, numeroCliente: demoClient });
    expect(await crm.creditLineInformation('NO-EXISTE')).toBeNull();
  });

  it('CRM: guarantors, inventory, credit details and VIN information', async () => {
    const crm = external().crm;
    const [line] = await crm.creditLines(demoClient);
    const guarantors = await crm.guarantors(line!.lineaCredito);
    expect(Array.isArray(guarantors)).toBe(true);
    const details = await crm.creditDetails(demoClient);
    expect(details.length).toBeGreaterThan(0);
    const inventory = await crm.inventory(demoClient, {});
    expect(inventory.map((row) => row.vin).sort()).toEqual(details.map((row) => row.vin).sort());

    const vin = VALID_NEW_VINS[0]!;
    expect(await crm.vinInformation(vin)).toMatchObject({ vin });
    expect(await crm.vinInformation('00000000000000000')).toBeNull();
  });

  it('CRM: inserts a unit once per idempotency key, and reports a rejection in the CRM’s words', async () => {
    const crm = external().crm;
    const [line] = await crm.creditLines(demoClient);
    const unit = {
      numeroCliente: demoClient,
      lineaCredito: line!.lineaCredito,
      folio: '1000',
      vin: VALID_NEW_VINS[1]!,
      motor: 'MTR-1',
      marca: 'Nissan',
      modelo: '2026',
      descripcion: 'Versa Sense',
      colorExterior: 'Blanco',
      colorInterior: 'Negro',
      monto: 250000,
      plazo: 3,
      fechaInicio: '2026-11-23',
    };
    const key = crypto.randomUUID();
    const first = await crm.insertUnit(unit, key);
    const again = await crm.insertUnit(unit, key);
    expect(again).toEqual(first);
    expect(first.vin).toBe(unit.vin);

    const rejectedVin = FAILING_VINS.crmInsertion[0]!;
    const rejection = await failureOf(crm.insertUnit({ ...unit, vin: rejectedVin }, crypto.randomUUID()));
    expect(rejection).toBeInstanceOf(CrmRejectedError);
    expect((rejection as CrmRejectedError).crmMessage).toBe(CRM_REJECTIONS[rejectedVin]);
  });

  it('CRM: a credit’s balance and payoff quote, and the payment that settles it (issue 29)', async () => {
    const crm = external().crm;
    // CRE-0001047: $387,200.00 at 13.25% from 2026-11-07 for 1 month; the CRM's day is 2026-11-16, 9 days on:
    // 387,200 × 13.25% / 360 × 9 = 1,282.60 of interest, and the whole principal due on 2026-12-07.
    const credit = 'CRE-0001047';
    expect(await crm.creditBalance(credit)).toEqual({
      creditNumber: credit,
      principal: '387200.00',
      accruedInterest: '1282.60',
      paidTotal: '0.00',
      nextCurtailment: { date: '2026-12-07', amount: '387200.00' },
      status: 'vigente',
      paidOffAt: null,
    });
    const quote = await crm.payoffQuote(credit, '2026-11-16');
    expect(quote).toEqual({
      creditNumber: credit,
      date: '2026-11-16',
      principal: '387200.00',
      interest: '1282.60',
      total: '388482.60',
    });

    expect(await crm.recordPayment({ creditNumber: credit, amount: quote!.total, paidAt: '2026-11-16' })).toMatchObject(
      { principal: '0.00', accruedInterest: '0.00', status: 'liquidado', paidOffAt: '2026-11-16' },
    );
    expect(await crm.creditBalance(credit)).toMatchObject({ status: 'liquidado', nextCurtailment: null });
    // The day before, it was still owed, with 8 days of interest.
    expect(await crm.creditBalance(credit, '2026-11-15')).toMatchObject({
      principal: '387200.00',
      accruedInterest: '1140.09',
      status: 'vigente',
    });
    const refused = await failureOf(crm.recordPayment({ creditNumber: credit, amount: '1.00', paidAt: '2026-11-17' }));
    expect(refused).toBeInstanceOf(ExternalServiceError);
    expect(refused).toMatchObject({ kind: 'rejected', upstreamStatus: 422 });
    expect((refused as ExternalServiceError).detail).toContain('ya está liquidado');

    expect(await crm.creditBalance('CRE-9999999')).toBeNull();
    // In a batch (the register's reconciliation): the credits the CRM knows, the unknown one left out.
    const batch = await crm.creditBalances([credit, 'CRE-9999999'], '2026-11-15');
    expect(batch).toEqual([expect.objectContaining({ creditNumber: credit, accruedInterest: '1140.09' })]);
    expect(await crm.payoffQuote('CRE-9999999', '2026-11-16')).toBeNull();
  });

  it('vehicle service and AX: verdicts by VIN', async () => {
    const { vehicles, ax } = external();
    const good = VALID_NEW_VINS[0]!;
    expect(await vehicles.repuve(good)).toMatchObject({ valid: true });
    expect(await vehicles.transUnion(good)).toMatchObject({ valid: true });
    expect(await ax.count(good)).toBe(1);

    const stolen = FAILING_VINS.repuve[0]!;
    expect(await vehicles.repuve(stolen)).toEqual({ valid: false, reason: REPUVE_REPORTS[stolen] });
    const lien = FAILING_VINS.transUnion[0]!;
    expect(await vehicles.transUnion(lien)).toEqual({ valid: false, reason: TRANSUNION_REPORTS[lien] });
    expect(await ax.count(FAILING_VINS.axNotRegistered[0]!)).toBe(0);
    expect(await ax.count(FAILING_VINS.axDuplicated[0]!)).toBe(2);
  });

  it('e-signature: an envelope from a PDF and its signers, and its document back', async () => {
    const { esign } = external();
    const document = await PDFDocument.create();
    document.addPage();
    const bytes = await document.save();
    const envelope = await esign.createEnvelope({
      reference: 'provision:1',
      documentName: 'Pagaré.pdf',
      pdf: bytes,
      signers: [{ name: 'Rosa Representante', email: 'rosa@autosdelnorte.mx' }],
      callbackUrl: 'http://127.0.0.1:9/webhook',
    });
    expect(envelope).toMatchObject({ reference: 'provision:1', status: 'sent' });
    expect(envelope.signers).toHaveLength(1);
    expect((await esign.envelope(envelope.envelopeId)).envelopeId).toBe(envelope.envelopeId);
    const back = await esign.document(envelope.envelopeId);
    expect(new TextDecoder().decode(back.slice(0, 5))).toBe('%PDF-');
  });
});

describe('failures', () => {
  it('a slow system answers 503 EXTERNAL_API_ERROR once the timeout passes, naming the operation and client', async () => {
    await setFault('crm', { route: 'GET /ConfiguracionClientesDispLinea', latencyMs: 3000 });
    try {
      const { crm } = adapters({ EXTERNAL_TIMEOUT_MS: '150', EXTERNAL_RETRIES: '0' });
      const error = await failureOf(crm.lineConfiguration(demoClient));
      expect(error).toBeInstanceOf(ExternalServiceError);
      const failure = error as ExternalServiceError;
      expect(failure.kind).toBe('timeout');
      expect(failure.toResponse()).toMatchObject({
        statusCode: 503,
        code: 'EXTERNAL_API_ERROR',
        message: MESSAGES.externalApiError,
      });
      expect(failure.detail).toContain(`ConfiguracionClientesDispLinea ${demoClient}`);
    } finally {
      await clearFaults('crm');
    }
  });

  it('a server error is retried, and passes the server’s data on once the retries are spent', async () => {
    await setFault('ax', { route: '*', errorRate: 1 });
    try {
      const { ax } = adapters({ EXTERNAL_RETRIES: '2', EXTERNAL_BREAKER_THRESHOLD: '10' });
      const error = (await failureOf(ax.count(VALID_NEW_VINS[0]!))) as ExternalServiceError;
      expect(error.kind).toBe('server');
      expect(error.upstreamStatus).toBe(500);
      expect(error.detail).toMatch(/HTTP 500/);
    } finally {
      await clearFaults('ax');
    }
  });

  it('a system that is down opens the breaker, which then answers at once until it lets a trial call through', async () => {
    const { vehicles } = adapters({
      EXTERNAL_RETRIES: '0',
      EXTERNAL_BREAKER_THRESHOLD: '3',
      EXTERNAL_BREAKER_HALF_OPEN_MS: '400',
    });
    const vin = VALID_NEW_VINS[0]!;
    await setFault('vehicles', { route: '*', down: true });
    try {
      for (let i = 0; i < 3; i++) {
        const error = (await failureOf(vehicles.repuve(vin))) as ExternalServiceError;
        expect(error.kind).toBe('network');
      }
    } finally {
      await clearFaults('vehicles');
    }
    // The system is healthy again, yet the open breaker answers without calling it.
    const refused = (await failureOf(vehicles.repuve(vin))) as ExternalServiceError;
    expect(refused).toBeInstanceOf(ExternalServiceError);
    expect(refused.kind).toBe('circuit-open');
    expect(refused.toResponse()).toMatchObject({ statusCode: 503, message: MESSAGES.externalApiError });

    // After the half-open period one call goes through; its success closes the breaker.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await vehicles.repuve(vin)).toMatchObject({ valid: true });
    expect(await vehicles.transUnion(vin)).toMatchObject({ valid: true });
  });

  it('keeps one breaker per system: the CRM being down does not stop AX', async () => {
    const external = adapters({ EXTERNAL_RETRIES: '0', EXTERNAL_BREAKER_THRESHOLD: '1' });
    await setFault('crm', { route: '*', down: true });
    try {
      await failureOf(external.crm.clients());
      const refused = (await failureOf(external.crm.clients())) as ExternalServiceError;
      expect(refused.kind).toBe('circuit-open');
      expect(await external.ax.count(VALID_NEW_VINS[0]!)).toBe(1);
    } finally {
      await clearFaults('crm');
    }
  });

  it('never lets the system’s token out in a failure', async () => {
    const { crm } = adapters({ EXTERNAL_RETRIES: '0', CRM_TOKEN: 'token-equivocado-secreto' });
    const error = (await failureOf(crm.clients())) as ExternalServiceError;
    expect(error.kind).toBe('rejected');
    expect(JSON.stringify(error.toResponse())).not.toContain('token-equivocado-secreto');
  });
});
