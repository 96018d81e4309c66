import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDb } from '../src/db/client';
import { createJobRunner, type JobDefinition } from '../src/jobs/runner';
import { bearer, buildTestApp, createUser, simulatorEnv, testConfig } from './harness';
import { seededDatabase } from './seeded-database';
import { signInOn, startChildApi, stopChildApi, type ChildApi } from './support/child-api';
import { socketConnected, within } from './support/two-apis';

/**
 * Graceful shutdown (issue 30 item 3, decision 085). A real API process (src/server.ts) gets SIGTERM in the middle of
 * a load of writes from many clients: every request that reached it is answered and none 5xx, the others are refused
 * at connect (a balancer's cue to go elsewhere), its socket.io client is let go so it reconnects, the process exits 0
 * within its grace, and the database holds exactly the rows the 201s announced. Below the process: the drain itself
 * (readiness, a request in flight, the grace's bound) and the job runner's stop (a running job finishes, or goes back
 * to its queue).
 */
const seeded = await seededDatabase('graceful');
afterAll(async () => {
  await seeded.close();
}, 60_000);

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const GRACE_MS = 20_000;
const WORKERS = 12;

type Outcome =
  | { kind: 'answer'; status: number; id?: number; sentBeforeTerm: boolean; answeredAfterTerm: boolean }
  | { kind: 'error'; code: string; sentBeforeTerm: boolean };

/** The network error's code (undici hides it in `cause`): ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET... */
const codeOf = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? 'unknown';
};

/**
 * One POST on a client's own agent: one keep-alive connection at a time, like a balancer's link to this copy. (fetch's
 * shared pool opens an extra connection whenever all are busy; one opened at the instant of the listener's close is
 * the kernel's race, not the drain's — the drain's own test below covers the connections it had already made.)
 */
function post(agent: http.Agent, url: string, headers: http.OutgoingHttpHeaders, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('SIGTERM during a load of writes', () => {
  let child: ChildApi | undefined;
  afterAll(async () => {
    if (child) await stopChildApi(child);
  }, 60_000);

  it('answers every request it took (none 5xx), refuses the rest at connect, lets its sockets go and exits 0', async () => {
    const admin = await createUser(seeded.db, 1);
    child = await startChildApi(seeded.url, {
      ...simulatorEnv(),
      JOBS: 'off',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    const { port } = child;
    const token = await signInOn(port, admin);

    const socket = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await socketConnected(socket);
    const socketEnded = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const tag = randomUUID().slice(0, 8);
    const outcomes: Outcome[] = [];
    // When SIGTERM was sent (read by the clients as they send and are answered).
    const term: { at?: number } = {};
    let enoughAnswers: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (enoughAnswers = resolve));

    // Each client writes one service-desk address after another on its keep-alive connection, until refused.
    async function client(worker: number) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; ; n++) {
        const sentBeforeTerm = term.at === undefined;
        try {
          const response = await post(
            agent,
            `http://127.0.0.1:${port}/api/emails-service-desk`,
            { ...bearer(token), 'content-type': 'application/json' },
            JSON.stringify({ email: `gs-${tag}-${worker}-${n}@prueba.planpiso.mx` }),
          );
          const body = JSON.parse(response.body) as { data?: { id?: number } };
          outcomes.push({
            kind: 'answer',
            status: response.status,
            id: body.data?.id,
            sentBeforeTerm,
            answeredAfterTerm: term.at !== undefined,
          });
          if (outcomes.length >= 60) enoughAnswers();
        } catch (error) {
          outcomes.push({ kind: 'error', code: codeOf(error), sentBeforeTerm });
          agent.destroy();
          return;
        }
      }
    }
    const clients = Array.from({ length: WORKERS }, (_, worker) => client(worker));

    await within(loaded, 120_000, 'the load under way');
    const exited = once(child.process, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    term.at = Date.now();
    child.process.kill('SIGTERM');
    const [code, signal] = await within(exited, GRACE_MS + 30_000, 'the process to exit');
    const exitMs = Date.now() - term.at;
    await within(Promise.all(clients), 30_000, 'the clients to be refused');

    const output = child.output.join('');
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(GRACE_MS + 15_000);

    const answers = outcomes.filter((o) => o.kind === 'answer');
    const errors = outcomes.filter((o) => o.kind === 'error');
    // Nothing answered 5xx, nothing refused but by the write's own rules: every write was made.
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    // Requests that reached the process before the signal were finished after it.
    expect(answers.filter((a) => a.sentBeforeTerm && a.answeredAfterTerm).length).toBeGreaterThan(0);
    // Every client ended refused at connect: no request was reset or dropped once the process had taken it.
    expect(errors.map((e) => e.code)).toEqual(Array(WORKERS).fill('ECONNREFUSED'));

    // The database holds exactly what the 201s said was created.
    const rows = await seeded.db.execute<{ id: number }>(
      sql`select id from service_desk_emails where email like ${`gs-${tag}-%`}`,
    );
    expect(rows.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      answers.map((a) => a.id!).sort((a, b) => a - b),
    );

    // The socket was closed at the transport, which socket.io-client reconnects from (to another copy).
    expect(await within(socketEnded, 30_000, 'the socket to be let go')).toBe('transport close');
    socket.close();
  }, 300_000);
});

describe('the drain', () => {
  /** An app on a free port with a route outside /api that answers when told. */
  async function appWithSlowRoute(env: Record<string, string> = {}) {
    const releases: (() => void)[] = [];
    const t = await buildTestApp({
      db: seeded.db,
      env,
      beforeReady: (app) =>
        app.get('/__slow', async () => {
          await new Promise<void>((resolve) => releases.push(resolve));
          return { done: true };
        }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = async (count: number) => {
      while (t.app.drain.inFlight < count) await nextTurn();
    };
    return { t, port, releases, inFlight };
  }

  it('says not ready, refuses new connections and finishes the request in flight with Connection: close', async () => {
    const { t, port, releases, inFlight } = await appWithSlowRoute();
    try {
      const slow = fetch(`http://127.0.0.1:${port}/__slow`);
      await within(inFlight(1), 30_000, 'the slow request to arrive');
      const drained = t.app.drain.begin();

      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
      // The listener closes once what the kernel had already connected is accepted (the next test): a turn or two.
      await within(
        (async () => {
          while (t.app.server.listening) await nextTurn();
        })(),
        30_000,
        'the listener to close',
      );
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => 'answered',
        (error: unknown) => codeOf(error),
      );
      expect(refused).toBe('ECONNREFUSED');

      await within(
        (async () => {
          while (releases.length === 0) await nextTurn();
        })(),
        30_000,
        'the handler',
      );
      releases[0]!();
      const response = await slow;
      expect(response.status).toBe(200);
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toEqual({ done: true });
      expect(await within(drained, 30_000, 'the drain')).toEqual({ cut: 0 });
    } finally {
      await t.close();
    }
  });

  it('answers a connection the kernel took just before the drain, rather than resetting it with the listener', async () => {
    const { t, port } = await appWithSlowRoute();
    try {
      // Connected (the handshake is the kernel's) but not yet accepted: this process's loop has not polled since.
      const client = net.connect({ host: '127.0.0.1', port });
      await new Promise<void>((resolve) => process.nextTick(resolve));
      const drained = t.app.drain.begin();
      client.end('GET /api/health HTTP/1.1\r\nHost: planpiso\r\n\r\n');
      const answer = await new Promise<string>((resolve) => {
        const chunks: Buffer[] = [];
        client.on('data', (chunk: Buffer) => chunks.push(chunk));
        client.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
        client.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(await within(drained, 30_000, 'the drain')).toEqual({ cut: 0 });
    } finally {
      await t.close();
    }
  });

  it('cuts what is still running when the grace ends', async () => {
    const { t, port, inFlight } = await appWithSlowRoute({ SHUTDOWN_GRACE_MS: '1000' });
    try {
      const slow = fetch(`http://127.0.0.1:${port}/__slow`).then(
        () => 'answered',
        (error: unknown) => codeOf(error),
      );
      await within(inFlight(1), 30_000, 'the slow request to arrive');
      expect(await within(t.app.drain.begin(), 30_000, 'the drain')).toEqual({ cut: 1 });
      expect(await slow).not.toBe('answered');
    } finally {
      await t.close();
    }
  });
});

describe('the job runner’s stop', () => {
  const config = testConfig({ JOBS: 'on' }).jobs;

  /** A job whose runs wait until released; `started` resolves as a run begins. */
  function heldJob() {
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const job: JobDefinition<Record<string, never>> = {
      name: `graceful-${randomUUID().slice(0, 8)}`,
      payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
      retryLimit: 1,
      handle: async () => {
        started();
        await released;
        order.push('job finished');
      },
    };
    return { job, running, release, order };
  }

  const stateOf = async (name: string) =>
    (await seeded.db.execute<{ state: string }>(sql`select state::text as state from pgboss.job where name = ${name}`))
      .rows[0]?.state;

  it('lets a running job finish before it stops', async () => {
    const { job, running, release, order } = heldJob();
    const runner = createJobRunner({ db: seeded.db, config, log: silent });
    await runner.start([job], { work: true });
    await runner.send(seeded.db, job, {});
    await within(running, 60_000, 'the job to start');
    const stopped = runner.stop({ graceMs: GRACE_MS }).then(() => order.push('runner stopped'));
    await nextTurn();
    release();
    await within(stopped, 60_000, 'the runner to stop');
    expect(order).toEqual(['job finished', 'runner stopped']);
    expect(await stateOf(job.name)).toBe('completed');
  });

  it('gives a job still running at the end of the grace back to its queue, and touches no closed pool after', async () => {
    const { job, running, release, order } = heldJob();
    // The runner on a pool of its own, closed after the stop as the app closes its pool.
    const pool = createDb(seeded.url, { max: 2 });
    const errors: string[] = [];
    const log = { ...silent, error: (_facts: object, message: string) => errors.push(message) };
    const runner = createJobRunner({ db: pool.db, config, log });
    await runner.start([job], { work: true });
    await runner.send(seeded.db, job, {});
    await within(running, 60_000, 'the job to start');
    await within(runner.stop({ graceMs: 1000 }), 60_000, 'the runner to stop');
    // Failed with a retry left: another worker (another copy) takes it again.
    expect(await stateOf(job.name)).toBe('retry');
    await pool.close();

    // The late handler ends: nothing of the stopped runner asks the closed pool to settle it (that would fail, and
    // pg-boss's own completion would be an unhandled rejection in the process).
    release();
    while (!order.includes('job finished')) await nextTurn();
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(errors).toEqual([]);
    expect(await stateOf(job.name)).toBe('retry');
  });
});
