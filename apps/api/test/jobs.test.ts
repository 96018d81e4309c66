import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_CHECK } from '@planpiso/domain';
import { FAILING_VINS, REPUVE_REPORTS, VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { setSimulatorFault, startSimulators, type Simulators } from '../../simulators/src/index';
import { createAdapters, type Adapters } from '../src/adapters';
import { provisionUnits, unitValidations } from '../src/db/schema/financing';
import { provisionSettings } from '../src/db/schema/provision-settings';
import { allJobs, startJobs } from '../src/jobs';
import { createJobRunner, type AnyJobDefinition, type JobRuntime } from '../src/jobs/runner';
import { createCreditFailuresService } from '../src/modules/credit-failures/service';
import { createMailer } from '../src/platform/mail';
import { transaction } from '../src/platform/transaction';
import { createProvision, eventually, insertionRow, queueInsertions } from './financing-fixtures';
import { fakeClock, testConfig, TEST_JWT_SECRET } from './harness';
import { seededDatabase } from './seeded-database';

// The job runner (issue 4, decision 011) on a database and simulators of this file's own: the tests break the
// CRM on purpose and kill a worker halfway through a job.

const seeded = await seededDatabase('jobs');
let simulators: Simulators;
let adapters: Adapters;
let runner: JobRuntime;
let jobs: Map<string, AnyJobDefinition>;
const clock = fakeClock(new Date('2026-11-24T15:00:00Z'));

const env = () => ({
  CRM_URL: simulators.urls.crm,
  CRM_TOKEN: simulators.tokens.crm,
  VEHICLES_URL: simulators.urls.vehicles,
  VEHICLES_TOKEN: simulators.tokens.vehicles,
  AX_URL: simulators.urls.ax,
  AX_TOKEN: simulators.tokens.ax,
  EXTERNAL_RETRIES: '0',
  EXTERNAL_TIMEOUT_MS: '8000',
  JOBS: 'on',
  JOBS_POLL_SECONDS: '1',
  JOBS_MAINTENANCE_SECONDS: '1',
  JOBS_EXPIRE_SECONDS: '2',
});

beforeAll(async () => {
  simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
  const config = testConfig(env());
  adapters = createAdapters(config);
  const failures = createCreditFailuresService({ db: seeded.db, adapters, clock });
  const deps = {
    db: seeded.db,
    adapters,
    clock,
    config: config.jobs,
    log: console,
    mailer: createMailer(config),
    failures,
  };
  runner = await startJobs(deps, { work: true });
  jobs = new Map(allJobs(deps, runner).map((job) => [job.name, job]));
});

afterAll(async () => {
  await runner?.stop();
  await simulators?.stop();
  await seeded.close();
});

const job = (name: string) => jobs.get(name)!;
const runCycle = () => runner.send(seeded.db, job('crm-insertion-cycle'), {});

async function fault(knob: Record<string, unknown> | null) {
  expect((await setSimulatorFault(simulators, 'crm', knob)).ok).toBe(true);
}

async function crmInsertionsOf(vin: string): Promise<number> {
  const response = await fetch(`${simulators.urls.crm}/__admin/insertions`, {
    headers: { authorization: `Bearer ${simulators.tokens.crm}` },
  });
  const insertions = (await response.json()) as { result: { vin: string } }[];
  return insertions.filter((insertion) => insertion.result.vin === vin).length;
}

const jobCount = async (name: string) => {
  const result = await seeded.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${name}`,
  );
  return result.rows[0]!.n;
};

describe('CRM insertion cycle', () => {
  it('inserts the queued units; one the CRM cannot take becomes a credit failure, inserted in the next cycle after Reintentar', async () => {
    const good = VALID_NEW_VINS[12]!;
    const unlucky = VALID_NEW_VINS[13]!;
    const {
      ids: [goodId],
    } = await queueInsertions(seeded.db, [good], 'queued');
    await runCycle();
    await eventually(async () => (await insertionRow(seeded.db, goodId!)).status === 'inserted');

    // The CRM is down for the next cycle: the unit lands in credit failures, with what went wrong.
    await fault({ route: 'POST /InsertarUnidad', errorRate: 1 });
    const {
      ids: [unluckyId],
    } = await queueInsertions(seeded.db, [unlucky], 'queued');
    try {
      await runCycle();
      const failed = await eventually(async () => {
        const row = await insertionRow(seeded.db, unluckyId!);
        return row.status === 'failed' && row;
      });
      expect(failed.lastError).toContain('Ocurrió un error API externa');
      expect(failed.attempts).toBe(1);
    } finally {
      await fault(null);
    }

    // Reintentar (the screen's action) queues it; the next cycle inserts it.
    const failures = createCreditFailuresService({ db: seeded.db, adapters, clock });
    const actor = { id: 1, type: 1 } as Parameters<typeof failures.retry>[0];
    await failures.retry(actor, unluckyId!, (await insertionRow(seeded.db, unluckyId!)).version, 'test');
    await runCycle();
    const inserted = await eventually(async () => {
      const row = await insertionRow(seeded.db, unluckyId!);
      return row.status === 'inserted' && row;
    });
    expect(inserted.attempts).toBe(2);
    expect(inserted.creditNumber).toBeTruthy();
    expect(await crmInsertionsOf(unlucky)).toBe(1);
    expect(await crmInsertionsOf(good)).toBe(1);
  });

  it('loses nothing when a worker is killed in the middle of a job: the job runs again, the unit is inserted once', async () => {
    await runner.stop();
    const vin = VALID_NEW_VINS[14]!;
    const {
      ids: [id],
    } = await queueInsertions(seeded.db, [vin], 'queued');
    // The CRM takes 3 s to answer: long enough to kill the worker while it waits.
    await fault({ route: 'POST /InsertarUnidad', latencyMs: 3000 });
    let worker: ChildProcess | undefined = startWorker();
    try {
      await waitForReady(worker);
      await runCycle();
      // The job is taken (its attempt is under way), then the worker dies without a word.
      await eventually(async () => (await activeJobs('crm-insert-unit')) > 0);
      worker.kill('SIGKILL');
      await new Promise((resolve) => worker!.once('exit', resolve));
      expect((await insertionRow(seeded.db, id!)).status).toBe('queued');

      await fault(null);
      worker = startWorker();
      await waitForReady(worker);
      const row = await eventually(async () => {
        const current = await insertionRow(seeded.db, id!);
        return current.status === 'inserted' && current;
      }, 30_000);
      expect(row.creditNumber).toBeTruthy();
      expect(await crmInsertionsOf(vin)).toBe(1);
    } finally {
      worker?.kill('SIGKILL');
      await fault(null);
    }
    // Two worker processes start (tsx, several seconds each on a busy machine) and the job waits out the CRM's 3 s.
  }, 120_000);
});

describe('sending inside a transaction', () => {
  it('sends nothing when the business transaction rolls back', async () => {
    const before = await jobCount('crm-insertion-cycle');
    await expect(
      transaction(seeded.db, async (tx) => {
        await runner.send(tx, job('crm-insertion-cycle'), {});
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await jobCount('crm-insertion-cycle')).toBe(before);
  });
});

describe('periodic validations', () => {
  beforeAll(async () => {
    // The worker of the first describe was stopped to kill one of its own; work again in this process.
    const config = testConfig(env());
    const failures = createCreditFailuresService({ db: seeded.db, adapters, clock });
    runner = await startJobs(
      { db: seeded.db, adapters, clock, config: config.jobs, log: console, mailer: createMailer(config), failures },
      { work: true },
    );
  });

  it('checks the units of provisions under validation when their slot is due, once per slot', async () => {
    const stolen = FAILING_VINS.repuve[1]!;
    const good = VALID_NEW_VINS[15]!;
    const { units } = await createProvision(seeded.db, [stolen, good], 3);
    const { units: notValidated } = await createProvision(seeded.db, [VALID_NEW_VINS[16]!], 8);
    // REPUVE every day at 08:00; the clock says 09:00 in Mexico City. TransUnion and AX are not due yet.
    await seeded.db
      .update(provisionSettings)
      .set({ repuveDays: 1, repuveTime: '08:00', transunionTime: '23:00', axTime: '23:30' });

    await runner.send(seeded.db, job('periodic-validation-tick'), {});
    const flags = await eventually(async () => {
      const rows = await seeded.db
        .select({ id: provisionUnits.id, validRepuve: provisionUnits.validRepuve, validAx: provisionUnits.validAx })
        .from(provisionUnits)
        .where(sql`${provisionUnits.id} in (${units[0]!.id}, ${units[1]!.id}, ${notValidated[0]!.id})`);
      return rows.filter((row) => row.validRepuve !== null).length === 2 && rows;
    });
    expect(flags.find((row) => row.id === units[0]!.id)).toMatchObject({ validRepuve: false, validAx: null });
    expect(flags.find((row) => row.id === units[1]!.id)).toMatchObject({ validRepuve: true });
    // A provision past validation is not checked.
    expect(flags.find((row) => row.id === notValidated[0]!.id)?.validRepuve).toBeNull();

    const [history] = await seeded.db
      .select()
      .from(unitValidations)
      .where(and(eq(unitValidations.vin, stolen), eq(unitValidations.check, VALIDATION_CHECK.REPUVE)));
    expect(history).toMatchObject({
      valid: false,
      reason: REPUVE_REPORTS[stolen],
      requestedBy: null,
      unitId: units[0]!.id,
    });

    // The same slot does not run twice, however often the tick looks.
    const sent = await jobCount('periodic-validation');
    await runner.send(seeded.db, job('periodic-validation-tick'), {});
    await eventually(async () => (await pendingJobs('periodic-validation-tick')) === 0);
    expect(await jobCount('periodic-validation')).toBe(sent);
  });
});

describe('CRM insertion: one job per unit (issue 27 item 16)', () => {
  it('two cycles over the same backlog leave one job per unit, and each unit is inserted once', async () => {
    const vins = VALID_NEW_VINS.slice(17, 23);
    const { ids } = await queueInsertions(seeded.db, vins, 'queued');
    // The CRM answers slowly: the first cycle's jobs are still waiting or running when the second cycle comes.
    await fault({ route: 'POST /InsertarUnidad', latencyMs: 1500 });
    try {
      for (let cycle = 0; cycle < 2; cycle += 1) {
        await runCycle();
        await eventually(async () => (await pendingJobs('crm-insertion-cycle')) === 0);
      }
      const keys = ids.map((id) => `crm-insert-${id}`);
      const perUnit = await seeded.db.execute<{ key: string; n: number }>(
        sql`select singleton_key as key, count(*)::int as n from pgboss.job
            where name = 'crm-insert-unit' and singleton_key in (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )}) group by singleton_key order by singleton_key`,
      );
      expect(perUnit.rows.filter((row) => row.n !== 1)).toEqual([]);
      expect(perUnit.rows.length).toBe(ids.length);
    } finally {
      await fault(null);
    }
    // Each unit tried once (the simulated line may run out of balance: a refusal is a credit failure, decision 011).
    const rows = await eventually(async () => {
      const current = await Promise.all(ids.map((id) => insertionRow(seeded.db, id)));
      return current.every((row) => row.status !== 'queued') && current;
    }, 30_000);
    expect(rows.map((row) => row.attempts)).toEqual(ids.map(() => 1));
    for (const [index, vin] of vins.entries()) {
      if (rows[index]!.status === 'inserted') expect(await crmInsertionsOf(vin)).toBe(1);
    }
  }, 60_000);
});

function startWorker(): ChildProcess {
  const script = join(import.meta.dirname, 'support', 'job-worker.ts');
  return spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      ...env(),
      DATABASE_URL: seededUrl(),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

function seededUrl(): string {
  const options = seeded.db.$client.options as { connectionString?: string };
  return options.connectionString!;
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start')), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
}

async function activeJobs(name: string): Promise<number> {
  const result = await seeded.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state = 'active'`,
  );
  return result.rows[0]!.n;
}

async function pendingJobs(name: string): Promise<number> {
  const result = await seeded.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`,
  );
  return result.rows[0]!.n;
}

describe('a working copy whose start failed', () => {
  it('starts again by itself and works what another copy queues (a deadlock with a copy creating the same queues)', async () => {
    const handled: number[] = [];
    const probe: AnyJobDefinition = {
      name: 'start-again-probe',
      payload: z.object({ n: z.number() }),
      handle: async ({ n }: { n: number }) => {
        handled.push(n);
      },
    } as AnyJobDefinition;
    // The first statement fails as PostgreSQL's deadlock report did in CI42; the next ones reach the database.
    let refused = 0;
    const pool = seeded.db.$client;
    const flakyPool = new Proxy(pool, {
      get(target, key, receiver) {
        if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
        return (...args: Parameters<typeof pool.query>) => {
          if (refused++ === 0) return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
          return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
        };
      },
    });
    const config = testConfig(env()).jobs;
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const worker = createJobRunner({
      db: { ...seeded.db, $client: flakyPool } as typeof seeded.db,
      config,
      log: quiet,
    });
    const sender = createJobRunner({ db: seeded.db, config, log: quiet });
    try {
      await expect(worker.start([probe], { work: true })).rejects.toThrow('deadlock detected');
      await sender.start([probe], { work: false });
      await sender.send(seeded.db, probe, { n: 7 });
      await eventually(async () => handled.includes(7));
    } finally {
      await worker.stop();
      await sender.stop();
    }
  });
});
