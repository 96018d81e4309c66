import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Prometheus metrics of one app (issue 30 item 2, decision 085). Each app has its own Registry: tests build many apps
// in one process, and prom-client's global registry would mix them (or refuse a second family of the same name).

/** How a breaker stands, as a number a graph can plot: closed 0, half-open 1, open 2. */
export const BREAKER_STATES = { closed: 0, 'half-open': 1, open: 2 } as const;
export type BreakerState = keyof typeof BREAKER_STATES;

/** What the external adapters report (adapters/http-client.ts): each call as it ends, each breaker move. */
export type ExternalObserver = {
  /** `outcome`: 'ok', or the failure's kind (timeout, network, server, invalid-answer, circuit-open, rejected). */
  call(system: string, outcome: string, seconds: number): void;
  breaker(system: string, state: BreakerState): void;
};

/** What the job runner reports (jobs/runner.ts): each run of a handler as it ends. */
export type JobObserver = { run(job: string, outcome: 'completed' | 'failed', seconds: number): void };

export type Metrics = {
  readonly registry: Registry;
  readonly external: ExternalObserver;
  readonly jobs: JobObserver;
};

/** Seconds, from 5 ms (a cached read) to 30 s (an external call that times out after its retries). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The systems whose breaker gauge exists from the start, so "open" is never confused with "no data yet". */
const EXTERNAL_SYSTEMS = ['crm', 'vehicles', 'ax', 'esign'] as const;

/** A counter in `registry`. */
const counter = <L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[]) =>
  new Counter({ name, help, labelNames, registers: [registry] });

/** A histogram of seconds in `registry`, on the latency buckets. */
const histogram = <L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[]) =>
  new Histogram({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [registry] });

/**
 * The app's registry with the families every part reports into. `processMetrics` adds Node's own (CPU, memory,
 * event-loop lag, GC): only for an app that exposes them, since each call installs its own observers in the process.
 */
export function createMetrics({ processMetrics }: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const externalCalls = counter(
    registry,
    'planpiso_external_calls_total',
    'Calls to the lender’s systems, by system and outcome (ok or the failure’s kind)',
    ['system', 'outcome'],
  );
  const externalLatency = histogram(
    registry,
    'planpiso_external_call_duration_seconds',
    'Time of a call to a lender’s system, retries included, by system and outcome',
    ['system', 'outcome'],
  );
  const breakers = new Gauge({
    name: 'planpiso_external_breaker_state',
    help: 'Circuit breaker of each lender’s system in this process: 0 closed, 1 half-open, 2 open',
    labelNames: ['system'] as const,
    registers: [registry],
  });
  for (const system of EXTERNAL_SYSTEMS) breakers.set({ system }, BREAKER_STATES.closed);

  const jobRuns = counter(
    registry,
    'planpiso_job_runs_total',
    'Job handler runs in this process, by job and outcome (completed or failed)',
    ['job', 'outcome'],
  );
  const jobLatency = histogram(registry, 'planpiso_job_run_duration_seconds', 'Time of a job handler run, by job', [
    'job',
  ]);

  return {
    registry,
    external: {
      call(system, outcome, seconds) {
        externalCalls.inc({ system, outcome });
        externalLatency.observe({ system, outcome }, seconds);
      },
      breaker(system, state) {
        breakers.set({ system }, BREAKER_STATES[state]);
      },
    },
    jobs: {
      run(job, outcome, seconds) {
        jobRuns.inc({ job, outcome });
        jobLatency.observe({ job }, seconds);
      },
    },
  };
}

/**
 * Counts and times every request by method, route and status. The route is the matched URL pattern
 * (a route's path with its `:id`), never the raw URL: a label per id would explode the series and put data in them.
 */
export function registerHttpMetrics(app: FastifyInstance, { registry }: Metrics): void {
  const labels = ['method', 'route', 'status'] as const;
  const requests = counter(
    registry,
    'planpiso_http_requests_total',
    'HTTP requests answered, by method, route pattern and status',
    labels,
  );
  const latency = histogram(
    registry,
    'planpiso_http_request_duration_seconds',
    'Time to answer an HTTP request, by method, route pattern and status',
    labels,
  );
  app.addHook('onResponse', async (request, reply) => {
    // No route matched (the not-found handler answered): one series for all of them.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}

/** The pool's connections, read at scrape time (pg keeps the counts). */
export function registerPoolMetrics({ registry }: Metrics, pool: pg.Pool): void {
  new Gauge({
    name: 'planpiso_db_pool_connections',
    help: 'Connections of the API’s PostgreSQL pool: in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'planpiso_db_pool_max',
    help: 'The most connections the pool opens',
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
}

/** Live-notification sockets this process holds (platform/realtime.ts), read at scrape time. */
export function registerSocketMetrics({ registry }: Metrics, connected: () => number): void {
  new Gauge({
    name: 'planpiso_realtime_sockets',
    help: 'socket.io connections held by this process',
    registers: [registry],
    collect() {
      this.set(connected());
    },
  });
}
