import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVISION_STATUS } from '@planpiso/domain';
import { VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { startSimulators, type Simulators } from '../../simulators/src/index';
import { createAdapters } from '../src/adapters';
import { createDb, type Db } from '../src/db/client';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { CRM_INSERT_UNIT_JOB, crmInsertionJobs } from '../src/jobs/crm-insertion';
import { provisionValidationJobs } from '../src/jobs/provision-validation';
import { startJobRunner, type JobRuntime } from '../src/jobs/runner';
import { createCreditFailuresService } from '../src/modules/credit-failures/service';
import { PROVISION_VALIDATION } from '../src/modules/provision-validation/queue';
import { PROVISION_VALIDATION_JOB } from '../src/modules/provision-validation/repository';
import { createProvision, eventually, insertionRow, queueInsertions } from './financing-fixtures';
import { fakeClock, testConfig } from './harness';
import { seededDatabase } from './seeded-database';
import { tempDataDir } from './support/uploads';
import { workerValidation } from './support/validation-worker';

// Issue 27, "Faults with nothing lost": an external system down while work for it waits in the queue. The adapters
// point at ports held by a listener that drops every connection at once (the system is down; holding the port keeps
// another test's server from taking it); the simulators are started on those very ports later (the system is back).
// The work must finish then, by itself — no person, no restart.

const seeded = await seededDatabase('fault_externals');
const tokens = { crm: 'crm-token-down', vehicles: 'vehicles-token-down', ax: 'ax-token-down', esign: 'esign-token' };
const ports = { crm: 0, vehicles: 0, ax: 0, esign: 0 };
const back: Simulators[] = [];
/** The listeners standing for a system that is down, by system, until it comes back. */
const down = new Map<string, Server>();
let dataDir: string;
let runner: JobRuntime;
let pool: { close(): Promise<void> };
let db: Db;
let cycle: ReturnType<typeof crmInsertionJobs>['cycle'];

const url = (port: number) => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  for (const system of ['crm', 'vehicles', 'ax', 'esign'] as const) {
    const holder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    ports[system] = (holder.address() as AddressInfo).port;
    down.set(system, holder);
  }
  dataDir = await tempDataDir();
  const config = testConfig({
    CRM_URL: url(ports.crm),
    CRM_TOKEN: tokens.crm,
    VEHICLES_URL: url(ports.vehicles),
    VEHICLES_TOKEN: tokens.vehicles,
    AX_URL: url(ports.ax),
    AX_TOKEN: tokens.ax,
    ESIGN_URL: url(ports.esign),
    ESIGN_TOKEN: tokens.esign,
    EXTERNAL_RETRIES: '0',
    EXTERNAL_TIMEOUT_MS: '4000',
    EXTERNAL_BREAKER_HALF_OPEN_MS: '1000',
    DATA_DIR: dataDir,
    JOBS_POLL_SECONDS: '1',
    JOBS_MAINTENANCE_SECONDS: '1',
  });
  const handle = createDb(seeded.url, { max: 8 });
  pool = handle;
  db = handle.db;
  const clock = fakeClock(new Date('2026-11-24T15:00:00Z'));
  const adapters = createAdapters(config);
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
  const validation = workerValidation({ db, config, clock, log, adapters });
  const failures = createCreditFailuresService({ db, adapters, clock });
  runner = await startJobRunner({
    db,
    config: config.jobs,
    log,
    work: true,
    jobs: (jobRunner) => {
      const crm = crmInsertionJobs(failures, jobRunner, '0 0 1 1 *', db);
      cycle = crm.cycle;
      return [provisionValidationJobs({ validation, runner: jobRunner }).validate, crm.insertUnit, crm.cycle];
    },
  });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await pool?.close();
  for (const simulators of back) await simulators.stop();
  for (const holder of down.values()) await new Promise((resolve) => holder.close(resolve));
  await seeded.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The systems named come back: their simulators listen on the ports the adapters were pointed at. */
async function bringBack(systems: Partial<typeof ports>) {
  for (const system of Object.keys(systems)) {
    const holder = down.get(system)!;
    down.delete(system);
    await new Promise((resolve) => holder.close(resolve));
  }
  back.push(await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0, ...systems }, tokens }));
}

/** The states of pg-boss's jobs of `name` whose payload has `field` = `value`. */
async function jobStates(name: string, field: string, value: number) {
  const result = await db.execute<{ state: string; retries: number }>(
    sql`select state::text as state, retry_count as retries from pgboss.job
        where name = ${name} and data->>${field} = ${String(value)}`,
  );
  return result.rows;
}

describe('an external system down (issue 27, faults with nothing lost)', () => {
  it('a provision sent to validation while REPUVE, TransUnion and AX are down reaches Validación once they are back', async () => {
    const { provision } = await createProvision(db, VALID_NEW_VINS.slice(0, 3), PROVISION_STATUS.SENT_TO_VALIDATE);
    await runner.send(db, PROVISION_VALIDATION, { provisionId: provision.id });
    // A run met the outage and failed: the queue holds the round for a retry.
    await eventually(async () =>
      (await jobStates(PROVISION_VALIDATION_JOB, 'provisionId', provision.id)).some((job) => job.state === 'retry'),
    );
    const [waiting] = await db.select().from(provisions).where(eq(provisions.id, provision.id));
    expect(waiting!.status).toBe(PROVISION_STATUS.SENT_TO_VALIDATE);

    await bringBack({ vehicles: ports.vehicles, ax: ports.ax });
    await eventually(async () => {
      const [row] = await db.select().from(provisions).where(eq(provisions.id, provision.id));
      return row?.status === PROVISION_STATUS.LENDER_VALIDATION;
    }, 60_000);
    const units = await db.select().from(provisionUnits).where(eq(provisionUnits.provisionId, provision.id));
    expect(units.every((unit) => unit.validRepuve && unit.validTransunion && unit.validAx)).toBe(true);
  });

  it('units sent to the CRM while it is down wait queued and end inserted once it is back, even past the retries', async () => {
    const vins = [VALID_NEW_VINS[5]!, VALID_NEW_VINS[6]!];
    const { ids } = await queueInsertions(db, vins, 'queued');
    const [retried, gaveUp] = ids as [number, number];
    await runner.send(db, cycle, {});
    // Each attempt met the outage: the units still wait for the CRM (not credit failures for a person), their jobs
    // are to be tried again.
    for (const id of ids) {
      const tried = await eventually(async () => {
        const row = await insertionRow(db, id);
        return row.attempts > 0 && row;
      });
      expect(tried.status).toBe('queued');
      expect(tried.lastError).toContain('Ocurrió un error API externa');
      await eventually(async () =>
        (await jobStates(CRM_INSERT_UNIT_JOB, 'insertionId', id)).some((job) => job.state === 'retry'),
      );
    }
    // One job has used up its retries (as after a long outage): pg-boss holds it as failed, its unit still queued.
    await db.execute(sql`update pgboss.job set state = 'failed', completed_on = now()
      where name = ${CRM_INSERT_UNIT_JOB} and data->>'insertionId' = ${String(gaveUp)} and state = 'retry'`);
    expect((await jobStates(CRM_INSERT_UNIT_JOB, 'insertionId', gaveUp)).map((job) => job.state)).toEqual(['failed']);

    await bringBack({ crm: ports.crm });
    // The retried job ends it by itself; the one that gave up, at the next cycle (its cron, here sent at once).
    await eventually(async () => (await insertionRow(db, retried)).status === 'inserted', 60_000);
    await runner.send(db, cycle, {});
    await eventually(async () => (await insertionRow(db, gaveUp)).status === 'inserted', 60_000);
    for (const id of ids) expect((await insertionRow(db, id)).creditNumber).toBeTruthy();
    const response = await fetch(`${back.at(-1)!.urls.crm}/__admin/insertions`, {
      headers: { authorization: `Bearer ${tokens.crm}` },
    });
    const insertions = (await response.json()) as { result: { vin: string } }[];
    for (const vin of vins) expect(insertions.filter((insertion) => insertion.result.vin === vin)).toHaveLength(1);
  });
});
