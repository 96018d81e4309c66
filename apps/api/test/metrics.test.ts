import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money, PROVISION_STATUS } from '@planpiso/domain';
import { VALID_NEW_VINS } from '@planpiso/simulators/fixtures';
import { buildApp } from '../src/app';
import { reservedOnLines } from '../src/modules/credit-lines';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, fakeClock, signIn, testConfig, testLogger, type TestApp } from './harness';
import { seededDatabase } from './seeded-database';
import { freePort } from './support/child-api';
import { within } from './support/two-apis';

/**
 * GET /api/metrics (issue 30 item 2, decision 085): after a short journey over HTTP — sign-ins, a provisions list, a
 * call to the CRM that succeeds, calls to a vehicle service that is down (its breaker opens), a job worked — the
 * scrape holds every family an operator watches, with labels and values that match what happened and what the
 * database holds. Without METRICS_TOKEN the route does not exist; with a wrong token it answers 401.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789';
const seeded = await seededDatabase('metrics');
let api: TestApp;
let tokens: Map<number, string>;

beforeAll(async () => {
  const clock = fakeClock();
  // The vehicle service at a port nothing listens on: one failure opens its breaker.
  const deadVehicles = `http://127.0.0.1:${await freePort()}`;
  const config = testConfig({
    METRICS_TOKEN: TOKEN,
    VEHICLES_URL: deadVehicles,
    EXTERNAL_BREAKER_THRESHOLD: '1',
    EXTERNAL_RETRIES: '0',
    // The journey's job is worked here (the database is this file's own).
    JOBS: 'on',
  });
  const app = await buildApp({ config, db: seeded.db, clock, logger: testLogger() });
  await app.ready();
  api = { app, db: seeded.db, clock, close: () => app.close() };
  tokens = new Map();
  for (const user of DEMO_USERS) tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
}, 120_000);

afterAll(async () => {
  await api?.close();
  await seeded.close();
});

const scrape = async (authorization = `Bearer ${TOKEN}`) =>
  api.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization } });

/** The value of one sample of `text` (Prometheus's format), matched by name and by the labels given. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const hasFamily = (text: string, name: string, type: string) => text.includes(`# TYPE ${name} ${type}\n`);

describe('GET /api/metrics after a journey', () => {
  let text = '';

  beforeAll(async () => {
    const admin = bearer(tokens.get(1)!);
    expect((await api.app.inject({ method: 'GET', url: '/api/provisions', headers: admin })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/api/provisions', headers: admin })).statusCode).toBe(200);
    // The CRM (the run's simulator) answers.
    expect((await api.app.inject({ method: 'GET', url: '/api/external/clients', headers: admin })).statusCode).toBe(
      200,
    );
    // The vehicle service does not: the checks record "not valid" and its breaker opens.
    const vin = await api.app.inject({
      method: 'POST',
      url: '/api/external/vin-validations',
      headers: bearer(tokens.get(5)!),
      payload: { vin: VALID_NEW_VINS[0] },
    });
    expect(vin.statusCode).toBe(200);
    // A job: the reset code's, queued by the request and worked by this app's runner.
    const forgot = await api.app.inject({
      method: 'POST',
      url: '/api/identity/forgot-password',
      payload: { email: DEMO_USERS[0].email },
    });
    expect(forgot.statusCode).toBe(200);
    text = await within(
      (async () => {
        for (;;) {
          const body = (await scrape()).body;
          if ((sample(body, 'planpiso_job_runs_total', { outcome: 'completed' }) ?? 0) >= 1) return body;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })(),
      60_000,
      'a job run in the metrics',
    );
  }, 90_000);

  it('answers in Prometheus’s text format', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts and times requests by route pattern and status, never by raw URL', () => {
    const list = { method: 'GET', route: '/api/provisions', status: '200' };
    expect(sample(text, 'planpiso_http_requests_total', list)).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'planpiso_http_request_duration_seconds_count', list)).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'planpiso_http_request_duration_seconds_bucket', { ...list, le: '+Inf' })).toBeGreaterThan(0);
    expect(
      sample(text, 'planpiso_http_requests_total', { route: '/api/external/vin-validations', status: '200' }),
    ).toBe(1);
    // A route with a parameter is one series: no id, no query string in any label.
    expect(text).not.toMatch(/route="[^"]*\?/);
  });

  it('shows the calls to the lender’s systems, their failures and the breakers', () => {
    expect(sample(text, 'planpiso_external_calls_total', { system: 'crm', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'planpiso_external_calls_total', { system: 'vehicles', outcome: 'network' })).toBeGreaterThan(
      0,
    );
    expect(sample(text, 'planpiso_external_call_duration_seconds_count', { system: 'crm' })).toBeGreaterThan(0);
    expect(sample(text, 'planpiso_external_breaker_state', { system: 'vehicles' })).toBe(2);
    expect(sample(text, 'planpiso_external_breaker_state', { system: 'crm' })).toBe(0);
  });

  it('shows the pool, the sockets and the jobs', async () => {
    expect(sample(text, 'planpiso_db_pool_max')).toBe(5);
    expect(sample(text, 'planpiso_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'planpiso_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'planpiso_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'planpiso_realtime_sockets')).toBe(0);
    expect(hasFamily(text, 'planpiso_job_queue', 'gauge')).toBe(true);
    expect(hasFamily(text, 'planpiso_job_run_duration_seconds', 'histogram')).toBe(true);
    const failed = await seeded.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job where state = 'failed' and name = 'send-mail'`,
    );
    expect(sample(text, 'planpiso_job_queue', { queue: 'send-mail', state: 'failed' }) ?? 0).toBe(
      failed.rows[0]!.count,
    );
    // Node's own, for an app that exposes its metrics.
    expect(hasFamily(text, 'process_cpu_user_seconds_total', 'counter')).toBe(true);
  });

  it('shows the business figures the database holds', async () => {
    const byStatus = await seeded.db.execute<{ status: number; count: number }>(
      sql`select status, count(*)::int as count from provisions where not is_archived group by status`,
    );
    const counted = new Map(byStatus.rows.map((row) => [Number(row.status), row.count]));
    for (const [name, status] of Object.entries(PROVISION_STATUS)) {
      expect(sample(text, 'planpiso_provisions', { status: String(status), name: name.toLowerCase() }), name).toBe(
        counted.get(status) ?? 0,
      );
    }
    const sot = await seeded.db.execute<{ count: number }>(
      sql`select count(*)::int as count from financed_units where status = 4`,
    );
    expect(sample(text, 'planpiso_financed_units', { status: '4', name: 'sold_out_of_trust' })).toBe(
      sot.rows[0]!.count,
    );
    // Line by line, as a reservation checks it, then added up.
    const lines = await seeded.db.execute<{ line: string }>(
      sql`select credit_line as line from provisions union select credit_line from refinancings`,
    );
    const perLine = await reservedOnLines(
      seeded.db,
      lines.rows.map((row) => row.line),
    );
    const total = Money.sum([...perLine.values()].map((amount) => Money.of(amount)));
    expect(sample(text, 'planpiso_reserved_amount_pesos')).toBe(total.toNumber());
  });
});

describe('who may read them', () => {
  it('refuses a wrong or missing token with 401, outside the session layer', async () => {
    for (const authorization of ['Bearer not-the-metrics-token', '', `Bearer ${tokens.get(1)!}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'METRICS_TOKEN_INVALID' });
    }
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('planpiso_');
    } finally {
      await app.close();
    }
  });
});
