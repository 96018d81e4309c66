import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROVISION_STATUS, VALIDATION_CHECK } from '@planpiso/domain';
import { VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { setSimulatorFault, startSimulators, simulatorEnvironment, type Simulators } from '../../simulators/src/index';
import { createDb, type Db } from '../src/db/client';
import { provisionUnits, provisions, unitValidations } from '../src/db/schema/financing';
import { provisionValidationJobs } from '../src/jobs/provision-validation';
import { startJobRunner, type AnyJobDefinition, type JobDefinition, type JobRuntime } from '../src/jobs/runner';
import { PROVISION_VALIDATION } from '../src/modules/provision-validation/queue';
import { PROVISION_VALIDATION_JOB } from '../src/modules/provision-validation/repository';
import { transaction } from '../src/platform/transaction';
import { createProvision, eventually } from './financing-fixtures';
import { fakeClock, testConfig } from './harness';
import { seededDatabase } from './seeded-database';
import { tempDataDir } from './support/uploads';
import { workerValidation } from './support/validation-worker';

// Issue 27 item 15 (decision 070), the job runner under faults: a validation longer than the queue's expiry (3 s
// here, 120 s in production) runs once, in batches; every failure is in the log, without the payload; a burst of
// queued jobs is taken in batches, not one per poll.

const EXPIRE_SECONDS = 3;
const seeded = await seededDatabase('jobrunner');
let simulators: Simulators;
let dataDir: string;
let runner: JobRuntime;
let pool: { close(): Promise<void> };
let db: Db;

type Entry = { level: string; fields: Record<string, unknown>; message: string };
const entries: Entry[] = [];
const capture =
  (level: string) =>
  (fields: unknown, message?: string): void => {
    entries.push({ level, fields: (fields ?? {}) as Record<string, unknown>, message: message ?? '' });
  };
const log = { info: capture('info'), warn: capture('warn'), error: capture('error'), debug: capture('debug') };
const logged = (job: string, message: string) =>
  entries.filter((entry) => entry.fields.job === job && entry.message === message);

/** Fetches of each queue that found work (pg-boss's "next job" statement), counted on the runner's pool. */
const fetchesWithWork = new Map<string, number>();

// The burst: 12 jobs, taken 4 at a time; each handler waits for the others of its batch to start.
const BURST = 12;
let running = 0;
let mostAtOnce = 0;
let burstDone = 0;
const burstJob: JobDefinition<{ n: number }> = {
  name: 'test-burst',
  payload: z.object({ n: z.number().int() }),
  concurrency: 4,
  retryLimit: 0,
  async handle() {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setImmediate(resolve));
    running -= 1;
    burstDone += 1;
  },
};

// A job that outlives the expiry: it waits until the test has seen its failure in the log.
let releaseSlow: () => void = () => undefined;
const slowJob: JobDefinition<{ email: string }> = {
  name: 'test-outlives-expiry',
  payload: z.object({ email: z.string() }),
  retryLimit: 0,
  handle: () => new Promise<void>((resolve) => (releaseSlow = resolve)),
};
const failingJob: JobDefinition<{ email: string }> = {
  name: 'test-throws',
  payload: z.object({ email: z.string() }),
  retryLimit: 0,
  handle: () => Promise.reject(new Error('the system said no')),
};

const env = () => ({
  ...simulatorEnvironment(simulators),
  EXTERNAL_RETRIES: '0',
  EXTERNAL_TIMEOUT_MS: '4000',
  DATA_DIR: dataDir,
  JOBS_POLL_SECONDS: '1',
  JOBS_MAINTENANCE_SECONDS: '1',
  JOBS_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
});

beforeAll(async () => {
  simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
  dataDir = await tempDataDir();
  const config = testConfig(env());
  const handle = createDb(seeded.url, { max: 8 });
  pool = handle;
  db = handle.db;
  const query = db.$client.query.bind(db.$client) as (...args: unknown[]) => Promise<{ rows: unknown[] }>;
  (db.$client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
    const result = await query(...args);
    const [text, values] = args as [unknown, unknown[] | undefined];
    if (typeof text === 'string' && text.includes("state = 'active',") && text.includes('started_on = now()')) {
      const name = String(values?.[0]);
      if (result.rows.length > 0) fetchesWithWork.set(name, (fetchesWithWork.get(name) ?? 0) + 1);
    }
    return result;
  };
  const clock = fakeClock();
  const validation = workerValidation({ db, config, clock, log });
  runner = await startJobRunner({
    db,
    config: config.jobs,
    log,
    work: true,
    jobs: (jobRunner) => {
      const jobs: AnyJobDefinition[] = [
        provisionValidationJobs({ validation, runner: jobRunner, expireSeconds: EXPIRE_SECONDS }).validate,
        burstJob,
        slowJob,
        failingJob,
      ];
      return jobs;
    },
  });
}, 120_000);

afterAll(async () => {
  releaseSlow();
  await runner?.stop();
  await pool?.close();
  await simulators?.stop();
  await seeded.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function fault(knob: Record<string, unknown> | null) {
  expect((await setSimulatorFault(simulators, 'vehicles', knob)).ok).toBe(true);
}

describe('a validation longer than the queue’s expiry (issue 27 item 15)', () => {
  it('runs once, in runs that each end inside the expiry, and moves the provision to 3', async () => {
    // 10 units, REPUVE answering in 0.5 s each: over 5 s of calls, well past the 3 s expiry.
    const vins = VALID_NEW_VINS.slice(0, 10);
    const { provision, units } = await createProvision(db, vins, PROVISION_STATUS.SENT_TO_VALIDATE);
    await fault({ route: 'POST /vehicles/api/v1/repuve', latencyMs: 500 });
    try {
      await runner.send(db, PROVISION_VALIDATION, { provisionId: provision.id });
      await eventually(async () => {
        const [row] = await db
          .select({ status: provisions.status })
          .from(provisions)
          .where(eq(provisions.id, provision.id));
        return row?.status === PROVISION_STATUS.LENDER_VALIDATION;
      }, 60_000);
    } finally {
      await fault(null);
    }

    // No run was failed by the expiry and started again: every run of this provision's round ended at its first
    // attempt, and there were several (batches). The last run moves the provision in its transaction and is marked
    // completed just after: the runs are read once none is active any more.
    const runs = await eventually(async () => {
      const read = await db.execute<{ state: string; retries: number }>(
        sql`select state::text as state, retry_count as retries from pgboss.job
            where name = ${PROVISION_VALIDATION_JOB} and data->>'provisionId' = ${String(provision.id)}`,
      );
      return read.rows.every((run) => run.state !== 'active') && read;
    });
    expect(runs.rows.filter((run) => run.retries > 0)).toEqual([]);
    expect(runs.rows.map((run) => run.state)).toEqual(runs.rows.map(() => 'completed'));
    expect(runs.rows.length).toBeGreaterThan(1);
    expect(logged(PROVISION_VALIDATION_JOB, 'jobs: failed (outlived its expiry)')).toEqual([]);
    // REPUVE was asked once per unit.
    const asked = await db
      .select({ unitId: unitValidations.unitId })
      .from(unitValidations)
      .where(
        and(
          eq(unitValidations.check, VALIDATION_CHECK.REPUVE),
          sql`${unitValidations.unitId} in (${sql.join(
            units.map((unit) => sql`${unit.id}`),
            sql`, `,
          )})`,
        ),
      );
    expect(asked.length).toBe(units.length);
    const verdicts = await db
      .select({ repuve: provisionUnits.validRepuve })
      .from(provisionUnits)
      .where(eq(provisionUnits.provisionId, provision.id));
    expect(verdicts.every((unit) => unit.repuve === true)).toBe(true);
  });
});

describe('every job failure is logged, without its payload (issue 27 item 15)', () => {
  it('logs a job that outlives its expiry while it still runs, and one that throws', async () => {
    const email = 'persona.privada@example.com';
    await runner.send(db, slowJob, { email });
    await runner.send(db, failingJob, { email });
    const expired = await eventually(async () => {
      const found = logged(slowJob.name, 'jobs: failed (outlived its expiry)');
      return found.length > 0 && found;
    }, 20_000);
    releaseSlow();
    expect(expired[0]!.level).toBe('warn');
    const failed = await eventually(async () => {
      const found = logged(failingJob.name, 'jobs: failed');
      return found.length > 0 && found;
    });
    expect(failed[0]!.fields.err).toMatchObject({ message: 'the system said no' });
    expect(JSON.stringify(entries)).not.toContain(email);
  });
});

describe('a burst of queued jobs (issue 27 item 15)', () => {
  it('is taken in batches worked at once, not one job per poll', async () => {
    // All 12 become visible at once (one transaction), as after a burst of sends.
    await transaction(db, async (tx) => {
      for (let n = 0; n < BURST; n += 1) await runner.send(tx, burstJob, { n });
    });
    await eventually(async () => burstDone === BURST);
    // 12 jobs, 4 a fetch: 3 fetches that found work (one per poll would take 12), each batch worked at once.
    expect(fetchesWithWork.get(burstJob.name)).toBeLessThanOrEqual(4);
    expect(mostAtOnce).toBe(4);
  });
});
