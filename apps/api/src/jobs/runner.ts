import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Db, Executor } from '../db/client';
import type { JobsConfig } from '../platform/config';
import type { Logger } from '../platform/deps';
import type { JobObserver } from '../platform/metrics';
import { BUSINESS_TIME_ZONE } from '@planpiso/domain';
import { PG_BOSS_SCHEMA, executorFor, executorOf, inFlight } from './pg-boss-db';

// Background work on pg-boss, in the application's own PostgreSQL (ARCHITECTURE §1, decision 011). Each job is a
// definition — a name, a zod payload and an idempotent handler — so a job that runs twice (a worker killed halfway,
// a retry) has its effect once.

/** What a handler may answer: `'again'` queues the same payload once more, after this run has let go (decision 070). */
export type JobOutcome = void | 'again';

export type JobDefinition<P> = {
  name: string;
  payload: z.ZodType<P>;
  /** Must be safe to run again with the same payload. */
  handle(payload: P): Promise<JobOutcome>;
  /** Further attempts after a failure (pg-boss's retryLimit); a failure is logged each time. */
  retryLimit?: number;
  /** Seconds before the first retry, doubling (with jitter) for each further one; 1 unless told. */
  retryDelay?: number;
  /** Delete the job row as soon as it succeeds (its payload holds a secret that must not stay at rest). */
  deleteOnSuccess?: boolean;
  /** Cron (Mexico City time) for scheduled jobs; their payload is `{}`. */
  cron?: string;
  /**
   * Jobs this process takes per fetch and runs at once (1 unless told); each is settled on its own, and the worker
   * fetches again at once while it finds work (decision 070).
   */
  concurrency?: number;
  /**
   * At most one queued job per singleton key (pg-boss's `short` policy, enforced by its unique index): a send while
   * one waits is dropped (decision 070).
   */
  onePerKey?: boolean;
  /**
   * Runs of one key never overlap, in any process: a run holds a PostgreSQL advisory lock on it for its whole life
   * (released by the database if the process dies); a run that finds it held fails without working, and is retried.
   */
  exclusiveKey?: (payload: P) => string;
};

/** A run that found another run of the same key alive (`exclusiveKey`): it did nothing and is retried later. */
class JobBusyError extends Error {
  constructor(name: string) {
    super(`${name}: another run of this key is still working`);
    this.name = 'JobBusyError';
  }
}

/** What the log says of a failure: the error's class and message, never its parameters or payload (issue 27). */
export const failureOf = (error: unknown) => ({
  name: (error as Error)?.name ?? typeof error,
  message: String((error as Error)?.message ?? error).slice(0, 300),
});

// One definition type for a list of jobs whose payloads differ.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

/** What sending needs of a job: its name and payload (the handler may live in another process). */
export type JobAddress<P> = Pick<JobDefinition<P>, 'name' | 'payload'>;

/** What services get (AppDeps.jobs): any service can queue work, whether or not this process works the queues. */
export type JobRunner = {
  /** Sends a job; given a transaction, the job exists only if that transaction commits. */
  send<P>(executor: Executor, job: JobAddress<P>, payload: P, options?: { singletonKey?: string }): Promise<void>;
  /** Sends many jobs of one queue in one statement (a cycle's backlog); a key already waiting is skipped. */
  sendMany?<P>(executor: Executor, job: JobAddress<P>, jobs: { payload: P; singletonKey?: string }[]): Promise<void>;
};

/** A runner that can also send many jobs in one statement: every runner the job runtime hands out. */
export type BatchJobRunner = Required<JobRunner>;

/** The runner with its life cycle, for whoever builds it (app.ts, a worker process, tests). */
export type JobRuntime = BatchJobRunner & {
  /** Starts pg-boss and creates the jobs' queues; with `work` also works them and keeps their schedules. */
  start(jobs: AnyJobDefinition[], options: { work: boolean }): Promise<void>;
  /**
   * Stops taking jobs and lets the running handlers finish, for at most `graceMs` (10 s unless told); a handler still
   * running then is failed back to its queue (pg-boss retries it here or in another copy). Sending keeps working.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
};

export const JOBS_TIME_ZONE = BUSINESS_TIME_ZONE;

/** The queue of a job, created once (pg-boss 10 needs it before send or work). */
async function ensureQueue(boss: PgBoss, job: AnyJobDefinition, config: JobsConfig) {
  const options = {
    name: job.name,
    retryLimit: job.retryLimit ?? 3,
    retryDelay: job.retryDelay ?? 1,
    retryBackoff: true,
    // Not `stately`/`singleton`: in pg-boss 10 a fetch that meets two jobs of one key fails and stops the worker.
    policy: job.onePerKey ? ('short' as const) : ('standard' as const),
  };
  const queue = { ...options, expireInSeconds: config.expireSeconds };
  if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queue);
  else await boss.createQueue(job.name, queue);
}

/**
 * A runner on `db` (pg-boss, its tables in schema `pgboss`, created or upgraded by start()). Sending works once it
 * has started, in every process: with `work: true` the process also works the queues and keeps the schedules;
 * otherwise it only sends (a copy that serves requests, JOBS=off).
 */
export function createJobRunner(options: {
  db: Db;
  config: JobsConfig;
  log: Logger;
  /** Each handler run's outcome and time (the app's metrics, decision 085). */
  observe?: JobObserver;
}): JobRuntime {
  const { db, config, log, observe } = options;
  let plan: { jobs: AnyJobDefinition[]; work: boolean } | undefined;
  let starting: Promise<PgBoss> | undefined;
  let stopped: Promise<void> | undefined;
  const busy = inFlight();
  let over = false;

  /** Settles one job on its own (a batch's jobs succeed or fail each for itself) and logs every failure. */
  async function runOne(boss: PgBoss, job: AnyJobDefinition, found: PgBoss.JobWithMetadata<unknown>) {
    const where = { job: job.name, id: found.id, attempt: found.retryCount + 1 };
    if (found.retryCount > 0) {
      // A retry: the previous attempt failed, here or in a process that died (pg-boss's expiry); say so once.
      const output = found.output as { message?: unknown; value?: { message?: unknown } } | null;
      const previous = output?.message ?? output?.value?.message;
      log.warn({ ...where, err: { message: typeof previous === 'string' ? previous : 'unknown' } }, 'jobs: retrying');
    }
    const payload = job.payload.safeParse(found.data ?? {});
    if (!payload.success) {
      // A payload that does not parse will never parse: log it and let the job end (no retry loop).
      log.error(where, 'jobs: invalid payload, dropped');
      await boss.complete(job.name, found.id);
      return;
    }
    // pg-boss fails a job still running at its expiry and may start it again elsewhere: log it when it happens.
    const expiry = setTimeout(
      () => log.warn({ ...where, expireSeconds: config.expireSeconds }, 'jobs: failed (outlived its expiry)'),
      config.expireSeconds * 1000,
    );
    let outcome: JobOutcome;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      outcome = await exclusively(job, payload.data, () => job.handle(payload.data));
      observe?.run(job.name, 'completed', seconds());
    } catch (error) {
      observe?.run(job.name, 'failed', seconds());
      log.warn({ ...where, err: failureOf(error) }, 'jobs: failed');
      await boss.fail(job.name, found.id, failureOf(error)).catch((failure: unknown) => {
        log.error({ ...where, err: failureOf(failure) }, 'jobs: could not record a failure');
      });
      return;
    } finally {
      clearTimeout(expiry);
    }
    try {
      // Settled at once, so a sibling of its batch that outlives the expiry cannot take it down with it.
      if (job.deleteOnSuccess) await boss.deleteJob(job.name, found.id);
      else await boss.complete(job.name, found.id);
      if (outcome === 'again') {
        const key = found.singletonKey ?? undefined;
        await boss.send(job.name, found.data as object, key ? { singletonKey: key } : {});
      }
    } catch (error) {
      // The batch's own completion settles it; a lost continuation is the sweep's (decision 070).
      log.error({ ...where, err: failureOf(error) }, 'jobs: could not settle a job');
    }
  }

  /** Runs `work` holding the job's advisory lock on its key, on a connection of its own (`exclusiveKey`). */
  async function exclusively<P>(job: JobDefinition<P>, payload: P, work: () => Promise<JobOutcome>) {
    if (!job.exclusiveKey) return work();
    const key = job.exclusiveKey(payload);
    const client = await db.$client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked',
        [`job:${job.name}`, key],
      );
      if (!rows[0]?.locked) throw new JobBusyError(job.name);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', [`job:${job.name}`, key]);
      }
    } finally {
      client.release();
    }
  }

  async function launch(jobs: AnyJobDefinition[], work: boolean): Promise<PgBoss> {
    const boss = new PgBoss({
      db: executorFor(db.$client, busy, () => over),
      schema: PG_BOSS_SCHEMA,
      supervise: work,
      schedule: work,
      maintenanceIntervalSeconds: config.maintenanceSeconds,
      expireInSeconds: config.expireSeconds,
    });
    boss.on('error', (error) => log.error({ err: { message: error.message } }, 'jobs: pg-boss error'));
    try {
      await boss.start();
      for (const job of jobs) await ensureQueue(boss, job, config);
    } catch (error) {
      // A half-started boss keeps its timers: stopped, so the next try starts from nothing.
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    if (!work) return boss;
    for (const job of jobs) {
      const batchSize = Math.max(1, job.concurrency ?? 1);
      const worker: { id?: string } = {};
      worker.id = await boss.work<unknown>(
        job.name,
        { pollingIntervalSeconds: config.pollSeconds, batchSize, includeMetadata: true },
        (found) =>
          busy.track(async () => {
            // Work waiting: fetch again as soon as this batch is done, not after a poll interval (decision 070).
            if (found.length > 0 && worker.id) boss.notifyWorker(worker.id);
            await Promise.all(found.map((one) => runOne(boss, job, one)));
          }),
      );
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: JOBS_TIME_ZONE });
    }
    return boss;
  }

  /** pg-boss, started once; a start that failed (the database was down) is tried again by the next caller. */
  function started(): Promise<PgBoss> {
    if (!plan) return Promise.reject(new Error('jobs: the runner is not started'));
    const { jobs, work } = plan;
    starting ??= launch(jobs, work).catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  }

  let again: ReturnType<typeof setTimeout> | undefined;
  /**
   * A working copy whose start failed (the database down, or a deadlock with another copy creating the same queues)
   * tries again by itself until it starts or stops: the work it should do is queued by the other copies, so no send
   * of its own would ever start it.
   */
  function startAgainLater(): void {
    if (stopped || again) return;
    again = setTimeout(
      () => {
        again = undefined;
        if (stopped) return;
        started().then(
          () => log.info('jobs: pg-boss started'),
          (error: unknown) => {
            log.error({ err: failureOf(error) }, 'jobs: could not start pg-boss, trying again');
            startAgainLater();
          },
        );
      },
      Math.max(500, config.pollSeconds * 1000),
    );
    again.unref();
  }

  return {
    async send(executor, job, payload, sendOptions = {}) {
      const data = job.payload.parse(payload) as object;
      const boss = await started();
      await boss.send(job.name, data, { ...sendOptions, db: executorOf(executor) });
    },

    async sendMany(executor, job, many) {
      if (many.length === 0) return;
      const rows = many.map(({ payload, singletonKey }) => ({
        name: job.name,
        data: job.payload.parse(payload) as object,
        ...(singletonKey ? { singletonKey } : {}),
      }));
      const boss = await started();
      await boss.insert(rows, { db: executorOf(executor) });
    },

    async start(jobs, { work }) {
      plan = { jobs, work };
      await started().catch((error: unknown) => {
        if (work) startAgainLater();
        throw error;
      });
    },

    stop: ({ graceMs = 10_000 } = {}) =>
      (stopped ??= (async () => {
        clearTimeout(again);
        const boss = await starting?.catch(() => undefined);
        if (!boss) return;
        const deadline = Date.now() + graceMs;
        // Let a running handler finish (up to the grace); one still running then is failed back to its queue.
        await boss.stop({ graceful: true, wait: true, timeout: graceMs });
        // A fetch sent before the stop may still bring a batch: it runs and settles before the pool may close.
        await busy.settled(Math.max(0, deadline - Date.now()));
        over = true;
      })()),
  };
}

/** Creates and starts a runner whose jobs may send further jobs (`jobs` is given the runner). */
export async function startJobRunner(options: {
  db: Db;
  config: JobsConfig;
  /** Given the runner, so a handler may send further jobs. */
  jobs: (runner: BatchJobRunner) => AnyJobDefinition[];
  log: Logger;
  work: boolean;
}): Promise<JobRuntime> {
  const runner = createJobRunner(options);
  await runner.start(options.jobs(runner), { work: options.work });
  return runner;
}
