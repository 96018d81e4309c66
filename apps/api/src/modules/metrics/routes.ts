import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { AppErrorCode, FINANCED_UNIT_STATUS, PLATFORM_OPERATIONS as op, PROVISION_STATUS } from '@planpiso/domain';
import type { Db } from '../../db/client';
import { queueCounts } from '../../jobs/queue-counts';
import { bearerToken } from '../../platform/auth';
import type { Logger } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import type { Metrics } from '../../platform/metrics';
import { operationRoute } from '../../platform/operation-route';
import { readBusinessFigures, type BusinessFigures } from './repository';

/** Scrapes closer together than this share one read of the database (a few aggregates, but not per scrape). */
const SNAPSHOT_MS = 5000;

type Snapshot = { business: BusinessFigures | null; queues: Awaited<ReturnType<typeof queueCounts>> | null };

/** `status` code → a name a dashboard can show ('sold_out_of_trust'), from the domain's constants. */
const namesOf = (statuses: Record<string, number>) =>
  new Map(Object.entries(statuses).map(([name, code]) => [code, name.toLowerCase()]));
const PROVISION_NAMES = namesOf(PROVISION_STATUS);
const UNIT_NAMES = namesOf(FINANCED_UNIT_STATUS);

/** Compared as digests: the same time whatever the guess, its length included. */
function sameToken(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The business figures and the queues' depth, read at scrape time at most every SNAPSHOT_MS. A read that fails
 * leaves its families out of that scrape (logged) rather than failing the others.
 */
function snapshots(db: Db, log: Logger) {
  let last: { at: number; value: Promise<Snapshot> } | undefined;
  const quietly = <T>(what: string, read: Promise<T>) =>
    read.catch((error: unknown) => {
      log.warn({ err: { message: (error as Error)?.message } }, `metrics: could not read ${what}`);
      return null;
    });
  return () => {
    if (!last || Date.now() - last.at >= SNAPSHOT_MS) {
      const value = Promise.all([
        quietly('the business figures', readBusinessFigures(db)),
        quietly('the job queues', queueCounts(db)),
      ]).then(([business, queues]) => ({ business, queues }));
      last = { at: Date.now(), value };
    }
    return last.value;
  };
}

/** The families read from the database: provisions and units per status, money reserved, jobs per queue and state. */
function registerDatabaseGauges({ registry }: Metrics, snapshot: () => Promise<Snapshot>): void {
  /** A gauge set at scrape time from the snapshot's business figures, one sample per status of `names`. */
  const perStatus = (
    name: string,
    help: string,
    counts: (business: BusinessFigures) => Map<number, number>,
    names: Map<number, string>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['status', 'name'] as const,
      registers: [registry],
      async collect() {
        const { business } = await snapshot();
        this.reset();
        if (!business) return;
        const found = counts(business);
        for (const [status, label] of names) this.set({ status: String(status), name: label }, found.get(status) ?? 0);
      },
    });
  perStatus(
    'planpiso_provisions',
    'Provisions not archived, by status (code and name)',
    (b) => b.provisions,
    PROVISION_NAMES,
  );
  perStatus(
    'planpiso_financed_units',
    'Financed units, by status (4 sold_out_of_trust: sold and unpaid past the grace)',
    (b) => b.financedUnits,
    UNIT_NAMES,
  );
  new Gauge({
    name: 'planpiso_reserved_amount_pesos',
    help: 'Money reserved on the credit lines by open provisions and refinancings (MXN)',
    registers: [registry],
    async collect() {
      const { business } = await snapshot();
      this.reset();
      if (business) this.set(Number(business.reserved));
    },
  });
  new Gauge({
    name: 'planpiso_job_queue',
    help: 'Jobs in each queue by state: created and retry (waiting), active (running), failed (given up on)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const { queues } = await snapshot();
      this.reset();
      for (const { queue, state, count } of queues ?? []) this.set({ queue, state }, count);
    },
  });
}

/**
 * GET /api/metrics (issue 30 item 2, decision 085): this process's metrics in Prometheus's format, for a scraper
 * holding METRICS_TOKEN. The session layer lets it through (`who: 'public'`); the token is checked here, and with
 * none configured the route does not exist as far as a caller can tell (404).
 */
export async function metricsRoutes(
  app: FastifyInstance,
  { token, metrics, db }: { token: string | undefined; metrics: Metrics; db: Db },
) {
  if (token) registerDatabaseGauges(metrics, snapshots(db, app.log));
  operationRoute(
    app,
    op.metrics,
    async (_input, request, reply) => {
      if (!token) throw notFound();
      if (!sameToken(bearerToken(request), token)) throw new AppError(AppErrorCode.METRICS_TOKEN_INVALID);
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
    // A scraper calls every few seconds.
    { logLevel: 'warn' },
  );
}
