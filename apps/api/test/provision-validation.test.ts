import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INVOICE_REASONS, Money, PROVISION_NOTICE_TEXT, type UnitValidationEntry } from '@planpiso/domain';
import { FAILING_VINS, VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { setSimulatorFault, startSimulators, simulatorEnvironment, type Simulators } from '../../simulators/src/index';
import { auditLog } from '../src/db/schema/audit';
import { provisionUnits, provisions, unitValidations } from '../src/db/schema/financing';
import { notifications } from '../src/db/schema/notifications';
import { provisionSettings } from '../src/db/schema/provision-settings';
import { provisionExpiryJob } from '../src/jobs/provision-expiry';
import { provisionValidationJobs } from '../src/jobs/provision-validation';
import { startJobRunner, type JobRuntime } from '../src/jobs/runner';
import { PROVISION_VALIDATION_JOB } from '../src/modules/provision-validation/repository';
import { eventually } from './financing-fixtures';
import { DAY, bearer, buildTestApp, createUser, fakeClock, json, signIn, testConfig, type TestApp } from './harness';
import {
  WORKING_NOON,
  clearNonWorkingDays,
  dealerGroup,
  get,
  post,
  saveBody,
  sendSaved,
  unit,
  type DealerGroup,
} from './provision-fixtures';
import { seededDatabase } from './seeded-database';
import { multipart, tempDataDir } from './support/uploads';
import { workerValidation } from './support/validation-worker';

/**
 * Issue 17 "Validation of units" and "Expiry" (decision 035): a sent provision's units are checked by a pg-boss job
 * against REPUVE, TransUnion and AX (simulators of this file's own, over HTTP, broken on purpose) and against their
 * CFDI invoice; the provision moves to 3 once every verdict is in. The API sends the jobs (JOBS off, as a copy
 * that only serves requests); a job runtime of the test's own works them for real.
 */
const LINE_A = 'LC-10004-01';
const LINE_B = 'LC-10006-01';

let seeded: Awaited<ReturnType<typeof seededDatabase>>;
let simulators: Simulators;
let dataDir: string;
let secretDir: string;
let t: TestApp;
let worker: JobRuntime;
const workerClock = fakeClock(WORKING_NOON);
let a: DealerGroup;
let b: DealerGroup;
let superToken: string;

const env = () => ({
  ...simulatorEnvironment(simulators),
  EXTERNAL_RETRIES: '0',
  EXTERNAL_TIMEOUT_MS: '4000',
  EXTERNAL_BREAKER_HALF_OPEN_MS: '100',
  DATA_DIR: dataDir,
  JOBS_POLL_SECONDS: '1',
});

beforeAll(async () => {
  seeded = await seededDatabase('provvalidation');
  simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
  dataDir = await tempDataDir();
  secretDir = await mkdtemp(join(tmpdir(), 'planpiso-secret-'));
  t = await buildTestApp({ db: seeded.db, clock: fakeClock(WORKING_NOON), env: env() });
  await clearNonWorkingDays(seeded.db);

  // The worker: the validation and expiry jobs, with their own clock (the expiry test moves it).
  const config = testConfig(env());
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const validation = workerValidation({ db: seeded.db, config, clock: workerClock, log });
  worker = await startJobRunner({
    db: seeded.db,
    config: config.jobs,
    log,
    work: true,
    // Sent by the test when it wants them, not on a schedule.
    jobs: (runner) => {
      const jobs = provisionValidationJobs({ validation, runner });
      return [
        jobs.validate,
        { ...jobs.sweep, cron: undefined },
        { ...provisionExpiryJob(validation), cron: undefined },
      ];
    },
  });

  a = await dealerGroup(t.app, seeded.db, '10004');
  b = await dealerGroup(t.app, seeded.db, '10006');
  superToken = await signIn(t.app, (await createUser(seeded.db, 1)).email);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await simulators?.stop();
  await seeded?.close();
  for (const dir of [dataDir, secretDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

/** VINs no provision of the seeded database holds yet. */
async function freeVins(candidates: readonly string[], count: number): Promise<string[]> {
  const held = await seeded.db.select({ vin: provisionUnits.vinNumber }).from(provisionUnits);
  const taken = new Set(held.map((row) => row.vin));
  const free = candidates.filter((vin) => !taken.has(vin)).slice(0, count);
  expect(free).toHaveLength(count);
  return free;
}

type Created = { data: { id: number; folio: string; status: number } };

async function createAndSend(group: DealerGroup, line: string, units: ReturnType<typeof unit>[]) {
  const total = Money.sum(units.map((u) => Money.of(u.amount))).toDecimalString();
  const response = await post(
    t.app,
    group.tokens.dealer,
    '/api/provisions/create-send',
    saveBody(group, line, units, total),
  );
  expect(response.statusCode, response.body).toBe(201);
  return json<Created>(response).data;
}

const provisionRow = async (id: number) => (await seeded.db.select().from(provisions).where(eq(provisions.id, id)))[0]!;
const unitsOf = (id: number) =>
  seeded.db.select().from(provisionUnits).where(eq(provisionUnits.provisionId, id)).orderBy(provisionUnits.id);
const reachesStatus = (id: number, status: number) =>
  eventually(async () => (await provisionRow(id)).status === status, 60_000);

async function history(token: string, unitId: number) {
  const response = await get(t.app, token, `/api/units/${unitId}/validations`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: UnitValidationEntry[] }>(response).data;
}

async function fault(knob: Record<string, unknown> | null) {
  expect((await setSimulatorFault(simulators, 'vehicles', knob)).ok).toBe(true);
}

describe('validation of a sent provision (issue 17 "Validation of units")', () => {
  it('checks every unit once sent, keeps each verdict with its history, and moves the provision to 3', async () => {
    const [good] = await freeVins(VALID_NEW_VINS, 1);
    const [stolen] = await freeVins(FAILING_VINS.repuve, 1);
    // Guardar, then Enviar (PATCH set-status 1 → 2): the job is queued with the send.
    const body = saveBody(a, LINE_A, [unit(good!, '120000.00'), unit(stolen!, '80000.00')], '200000.00');
    const created = json<Created>(await post(t.app, a.tokens.dealer, '/api/provisions', body)).data;
    expect(await jobsFor(created.id)).toBe(0);
    const sent = await sendSaved(t.app, a, created.id);
    expect(sent.statusCode, sent.body).toBe(200);

    await reachesStatus(created.id, 3);
    const [goodUnit, stolenUnit] = await unitsOf(created.id);
    expect(goodUnit).toMatchObject({ validRepuve: true, validTransunion: true, validAx: true, validInvoice: null });
    // A failing verdict is a verdict: its flag is false and the provision still reaches the lender.
    expect(stolenUnit).toMatchObject({ validRepuve: false, validTransunion: true });

    // The history, as the account's operator and the dealer read it; with the system's reason.
    const seen = await history(a.tokens.operator, stolenUnit!.id);
    expect(seen.map((row) => row.label).sort()).toEqual(['AX', 'REPUVE', 'TransUnion']);
    expect(seen.find((row) => row.check === 1)).toMatchObject({ valid: false, reason: 'Reporte de robo vigente' });
    expect(Date.parse(seen[0]!.at)).not.toBeNaN();
    expect(await history(a.tokens.dealer, goodUnit!.id)).toHaveLength(3);
    // Outside the caller's scope: not found.
    expect((await get(t.app, b.tokens.operator, `/api/units/${goodUnit!.id}/validations`)).statusCode).toBe(404);
    expect((await get(t.app, b.tokens.dealer, `/api/units/${goodUnit!.id}/validations`)).statusCode).toBe(404);
    expect((await get(t.app, superToken, `/api/units/${goodUnit!.id}/validations`)).statusCode).toBe(200);

    // The move is the mover's: its audit row and the lender operator's notification.
    const [audit] = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(created.id)), eq(auditLog.action, 'provisions.validationComplete')));
    expect(audit).toMatchObject({ actorId: null });
    const told = await seeded.db.select().from(notifications).where(eq(notifications.userId, a.operator.id));
    expect(told.map((n) => n.message)).toContain(
      PROVISION_NOTICE_TEXT.validationComplete(created.folio, a.company.name),
    );

    // Running the job again changes nothing: no second move, no second verdict.
    await worker.send(seeded.db, { name: PROVISION_VALIDATION_JOB, payload: jobPayload }, { provisionId: created.id });
    await eventually(async () => (await liveJobsFor(created.id)) === 0);
    expect(await historyRows(stolenUnit!.id)).toBe(3);
    const moves = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(created.id)), eq(auditLog.action, 'provisions.validationComplete')));
    expect(moves).toHaveLength(1);
  });

  it('while REPUVE is down the provision stays in 2 with no pass recorded, and completes once it is back', async () => {
    const [vin] = await freeVins(VALID_NEW_VINS, 1);
    await fault({ route: 'POST /vehicles/api/v1/repuve', errorRate: 1 });
    let created: Created['data'];
    try {
      created = await createAndSend(a, LINE_A, [unit(vin!, '95000.00')]);
      // The job ran, took TransUnion and AX, and failed on REPUVE: pg-boss keeps it for a retry.
      await eventually(async () => (await retriedJobsFor(created.id)) > 0, 40_000);
      const [waiting] = await unitsOf(created.id);
      expect((await provisionRow(created.id)).status).toBe(2);
      expect(waiting).toMatchObject({ validRepuve: null, validTransunion: true, validAx: true });
      expect(await historyRows(waiting!.id, 1)).toBe(0);
    } finally {
      await fault(null);
    }

    await reachesStatus(created.id, 3);
    const [done] = await unitsOf(created.id);
    expect(done).toMatchObject({ validRepuve: true, validTransunion: true, validAx: true });
    // The retry asked only what was missing: one verdict of each check.
    expect([await historyRows(done!.id, 1), await historyRows(done!.id, 2), await historyRows(done!.id, 3)]).toEqual([
      1, 1, 1,
    ]);
  }, 120_000);

  it('a provision left in 2 without a live job (its retries spent, or lost) is queued again by the sweep', async () => {
    const [vin] = await freeVins(VALID_NEW_VINS, 1);
    const body = saveBody(a, LINE_A, [unit(vin!, '41000.00')], '41000.00');
    const created = json<Created>(await post(t.app, a.tokens.dealer, '/api/provisions', body)).data;
    // As if its job had failed for good: in 2, nothing queued — first for a few minutes only (left alone), then
    // for an hour.
    const sentAt = (minutesAgo: number) => new Date(workerClock.now().getTime() - minutesAgo * 60 * 1000);
    await seeded.db
      .update(provisions)
      .set({ status: 2, updatedAt: sentAt(5) })
      .where(eq(provisions.id, created.id));
    expect(await liveJobsFor(created.id)).toBe(0);
    await worker.send(seeded.db, sweepAddress, {});
    await eventually(async () => (await jobCount('provision-validation-sweep', 'completed')) > 0);
    expect(await jobsFor(created.id)).toBe(0);
    await seeded.db
      .update(provisions)
      .set({ updatedAt: sentAt(60) })
      .where(eq(provisions.id, created.id));
    await worker.send(seeded.db, sweepAddress, {});
    await reachesStatus(created.id, 3);
    const [checked] = await unitsOf(created.id);
    expect(checked).toMatchObject({ validRepuve: true, validTransunion: true, validAx: true });
  }, 60_000);

  it('reads the units’ CFDI invoices: an agreeing one is valid with its date; one with an external entity is refused', async () => {
    const [agreeing, hostile, disagreeing] = await freeVins(VALID_NEW_VINS, 3);
    const secret = join(secretDir, 'passwd');
    const SECRET = 'planpiso-secret-never-read-4c1d';
    await writeFile(secret, SECRET);
    const files = {
      agreeing: await uploadXml('factura.xml', cfdi(agreeing!, '150000.50')),
      hostile: await uploadXml(
        'factura-xxe.xml',
        cfdi(hostile!, '90000.00')
          .replace(
            '<cfdi:Comprobante',
            `<!DOCTYPE cfdi:Comprobante [ <!ENTITY xxe SYSTEM "file://${secret}"> ]>\n<cfdi:Comprobante`,
          )
          .replace(`NoIdentificacion="${hostile}"`, `NoIdentificacion="&xxe;"`),
      ),
      disagreeing: await uploadXml('otra.xml', cfdi(disagreeing!, '70000.01')),
    };
    const created = await createAndSend(b, LINE_B, [
      unit(agreeing!, '150000.50', { evidences: [files.agreeing] }),
      unit(hostile!, '90000.00', { evidences: [files.hostile] }),
      unit(disagreeing!, '70000.00', { evidences: [files.disagreeing] }),
    ]);
    await reachesStatus(created.id, 3);
    const [good, refused, wrong] = await unitsOf(created.id);
    expect(good).toMatchObject({ validInvoice: true, invoiceDate: '2026-11-20' });
    expect(refused).toMatchObject({ validInvoice: false, invoiceDate: null });
    expect(wrong).toMatchObject({ validInvoice: false, invoiceDate: '2026-11-20' });

    const invoiceOf = async (unitId: number) =>
      (await history(b.tokens.dealer, unitId)).filter((row) => row.check === 4);
    expect(await invoiceOf(good!.id)).toMatchObject([{ label: 'Factura', valid: true, reason: '' }]);
    expect(await invoiceOf(refused!.id)).toMatchObject([
      { label: 'Factura', valid: false, reason: INVOICE_REASONS.refused },
    ]);
    expect(await invoiceOf(wrong!.id)).toMatchObject([
      { valid: false, reason: INVOICE_REASONS.amountMismatch('70000.01', '70000.00') },
    ]);
    // The file the entity pointed at was never read into anything the application keeps.
    const leaked = await seeded.db.execute<{ n: number }>(
      sql`select count(*)::int as n from unit_validations where reason like ${'%' + SECRET + '%'}`,
    );
    expect(leaked.rows[0]!.n).toBe(0);
    const detail = await get(t.app, b.tokens.dealer, `/api/provisions/${created.id}`);
    expect(detail.body).not.toContain(SECRET);
    // The historical validations report shows the new check with its label.
    const report = await get(t.app, superToken, `/api/reports/historical-validations?vin=${agreeing}&check=4`);
    expect(report.statusCode, report.body).toBe(200);
    expect(json<{ data: { items: { checkLabel: string }[] } }>(report).data.items).toMatchObject([
      { checkLabel: 'Factura' },
    ]);
  }, 60_000);
});

describe('expiry (issue 17 "Expiry")', () => {
  it('cancels a provision older than provision_days, frees its balance and tells the dealer; a younger one stays', async () => {
    await seeded.db.update(provisionSettings).set({ provisionDays: 30 });
    const [oldVin, youngVin] = await freeVins(VALID_NEW_VINS, 2);
    const create = async (vin: string, amount: string) => {
      const body = saveBody(a, LINE_A, [unit(vin, amount)], amount);
      const response = await post(t.app, a.tokens.dealer, '/api/provisions', body);
      expect(response.statusCode, response.body).toBe(201);
      return json<Created>(response).data;
    };
    const old = await create(oldVin!, '210000.00');
    const young = await create(youngVin!, '33000.00');
    // Created 31 days before the worker's "now", and the other one 29 days before it.
    workerClock.set(new Date(WORKING_NOON.getTime() + 31 * DAY));
    await seeded.db
      .update(provisions)
      .set({ createdAt: new Date(WORKING_NOON.getTime() + 2 * DAY) })
      .where(eq(provisions.id, young.id));
    const reserved = async () =>
      Money.of(
        json<{ data: { total: string } }>(
          await get(t.app, a.tokens.dealer, `/api/provisions/reserved-amount?creditLine=${LINE_A}`),
        ).data.total,
      );
    const before = await reserved();

    await worker.send(seeded.db, expiryAddress, {});
    await reachesStatus(old.id, 11);
    expect((await provisionRow(young.id)).status).toBe(1);
    // The old one's total no longer holds the line (what else expired with it is older than both).
    const after = await reserved();
    expect(before.sub(after).compare(Money.of('210000.00'))).toBeGreaterThanOrEqual(0);
    // The younger one still holds its total.
    expect(after.compare(Money.of('33000.00'))).toBeGreaterThanOrEqual(0);
    const told = await seeded.db.select().from(notifications).where(eq(notifications.userId, a.dealer.id));
    expect(told.map((n) => n.message)).toContain(PROVISION_NOTICE_TEXT.expire(old.folio));
    const [audit] = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(old.id)), eq(auditLog.action, 'provisions.expire')));
    expect(audit).toBeDefined();
  }, 60_000);
});

// ——— helpers reading pg-boss's and the history's rows ———

const jobPayload = z.object({ provisionId: z.number().int().positive() });
const expiryAddress = { name: 'provision-expiry', payload: z.object({}).strict() };
const sweepAddress = { name: 'provision-validation-sweep', payload: z.object({}).strict() };

async function jobsFor(provisionId: number): Promise<number> {
  const result = await seeded.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${PROVISION_VALIDATION_JOB}
      and data->>'provisionId' = ${String(provisionId)}`,
  );
  return result.rows[0]!.n;
}

async function jobCount(name: string, state: string): Promise<number> {
  const result = await seeded.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state = ${state}::pgboss.job_state`,
  );
  return result.rows[0]!.n;
}

async function liveJobsFor(provisionId: number): Promise<number> {
  const result = await seeded.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${PROVISION_VALIDATION_JOB}
      and data->>'provisionId' = ${String(provisionId)} and state < 'completed'`,
  );
  return result.rows[0]!.n;
}

async function retriedJobsFor(provisionId: number): Promise<number> {
  const result = await seeded.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${PROVISION_VALIDATION_JOB}
      and data->>'provisionId' = ${String(provisionId)} and retry_count > 0`,
  );
  return result.rows[0]!.n;
}

async function historyRows(unitId: number, check?: number): Promise<number> {
  const rows = await seeded.db
    .select({ id: unitValidations.id })
    .from(unitValidations)
    .where(
      check === undefined
        ? eq(unitValidations.unitId, unitId)
        : and(eq(unitValidations.unitId, unitId), eq(unitValidations.check, check)),
    );
  return rows.length;
}

async function uploadXml(filename: string, xml: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/documents',
    ...multipart(
      [
        { name: 'kind', value: 'unit' },
        { name: 'file', filename, content: Buffer.from(xml), type: 'application/xml' },
      ],
      bearer(b.tokens.dealer),
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: { fileId: number; url: string; fileName: string } }>(response).data;
}

/** A CFDI 4.0 for one vehicle, dated 2026-11-20, for `total`. */
function cfdi(vin: string, total: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Fecha="2026-11-20T10:15:00" SubTotal="${total}" Moneda="MXN" Total="${total}" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="64000">
  <cfdi:Emisor Rfc="AAA010101AAA" Nombre="AUTOMOTRIZ DEL NORTE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="64000" RegimenFiscalReceptor="616" UsoCFDI="G01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="25101503" NoIdentificacion="${vin}" Cantidad="1" ClaveUnidad="H87" Descripcion="NISSAN VERSA SENSE 2026" ValorUnitario="${total}" Importe="${total}" ObjetoImp="01"/>
  </cfdi:Conceptos>
</cfdi:Comprobante>`;
}
