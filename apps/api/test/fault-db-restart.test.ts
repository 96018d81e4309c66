import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import { createDb, type DbHandle } from '../src/db/client';
import { databaseAnswers } from '../src/db/connect';
import { createDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { nonWorkingDays } from '../src/db/schema/non-working-days';
import { createUser, type TestUser } from './harness';
import { freePort, startChildApi, stopChildApi, type ChildApi } from './support/child-api';

/**
 * Fault suite (issue 27 item 13): PostgreSQL restarted (a fast shutdown, as `pg_ctl restart -m fast`) while
 * requests flow. The API process (`src/server.ts` in a child, with its job workers and the realtime adapter's
 * LISTEN) must survive it: in-flight and new requests answer 503 with the catalogue's Spanish text (never a 500, never
 * a stack), /api/ready goes red while the server is down and green again within 5 s of it accepting connections,
 * the realtime LISTEN comes back, and every write the API acknowledged is in the database. Twice in a row: the
 * second restart catches a dead connection the first one left checked out of a pool.
 *
 * A PostgreSQL of this file's own (the run's shared one cannot be restarted under the other files).
 */

let dir: string;
let port: number;
let server: EmbeddedPostgres | undefined;
let url: string;
let handle: DbHandle;
let api: ChildApi | undefined;
let admin: TestUser;
let token: string;

const startServer = () => startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port, persistent: true });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'planpiso-fault-db-'));
  port = await freePort();
  server = await startServer();
  url = await createDatabase(server.url, 'planpiso_fault');
  await runMigrations(url);
  handle = createDb(url, { max: 2 });
  admin = await createUser(handle.db, 1);
  // Job workers on (pg-boss polls and supervises on the same pool), polling often so they are busy at the restart.
  api = await startChildApi(url, { JOBS: 'on', JOBS_POLL_SECONDS: '1', JOBS_MAINTENANCE_SECONDS: '1' });
  token = await signIn();
}, 180_000);

afterAll(async () => {
  if (api) await stopChildApi(api);
  await handle?.close();
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

async function signIn(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${api!.port}/api/identity/sign-in`, {
    method: 'POST',
    body: JSON.stringify({ email: admin.email, password: admin.password }),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

type Answer = { status: number; body: string; date?: string };

const readyStatus = () =>
  fetch(`http://127.0.0.1:${api!.port}/api/ready`).then(
    (response) => response.status,
    () => 0,
  );

/** Polls `check` until it is true; fails with `what` once `ms` have passed. */
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

/** Each write registers a day of its own (a unique date), so the database can be checked for every 201. */
let nextDay = Date.UTC(2031, 0, 1);
const freshDate = () => {
  const date = new Date(nextDay).toISOString().slice(0, 10);
  nextDay += 24 * 3600 * 1000;
  return date;
};

async function write(): Promise<Answer> {
  const date = freshDate();
  try {
    const response = await fetch(`http://127.0.0.1:${api!.port}/api/non-workings`, {
      method: 'POST',
      body: JSON.stringify({ date, reason: 'Simulacro de reinicio' }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    return { status: response.status, body: await response.text(), date };
  } catch (error) {
    // The process died or dropped the socket: recorded as 0, which the assertions below refuse.
    return { status: 0, body: String(error), date };
  }
}

async function read(): Promise<Answer> {
  try {
    const response = await fetch(`http://127.0.0.1:${api!.port}/api/non-workings?page=1&pageSize=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

/** Four clients sending writes and reads one after another until `stop` is set. */
function load(answers: Answer[], stop: { done: boolean }) {
  return Promise.all(
    Array.from({ length: 4 }, async (_, i) => {
      while (!stop.done) answers.push(await (i % 2 === 0 ? write() : read()));
    }),
  );
}

/** The realtime adapter's LISTEN of the child, in pg_stat_activity. */
async function realtimeListening(): Promise<boolean> {
  const result = await handle.db.execute(
    sql`select 1 from pg_stat_activity where application_name like 'planpiso-realtime-%' and query like 'LISTEN %'`,
  );
  return (result.rowCount ?? 0) > 0;
}

/** A fresh connection to the restarted server succeeds (the moment it is "back" for the 5 s budget). */
const serverAccepts = () => databaseAnswers(url);

describe('PostgreSQL restarted while requests flow', () => {
  it('the API survives two restarts: 503 in Spanish meanwhile, ready again within 5 s, no write lost', async () => {
    const answers: Answer[] = [];
    const stop = { done: false };
    const running = load(answers, stop);
    try {
      for (let restart = 0; restart < 2; restart++) {
        const before = answers.length;
        await until(async () => answers.length >= before + 8, 60_000, 'requests before the restart');
        await server!.stop();
        server = undefined;
        await until(async () => (await readyStatus()) === 503, 30_000, '/api/ready going red');
        await until(async () => answers.length >= before + 16, 60_000, 'requests while the server is down');
        expect(api!.process.exitCode, api!.output.join('')).toBeNull();

        server = await startServer();
        await until(serverAccepts, 30_000, 'the restarted server accepting connections');
        await until(async () => (await readyStatus()) === 200, 5_000, '/api/ready green again');
        expect(api!.process.exitCode, api!.output.join('')).toBeNull();
        // The realtime adapter LISTENs again (reconnected with its backoff).
        await until(realtimeListening, 30_000, 'the realtime LISTEN back');
      }
      const after = answers.length;
      await until(async () => answers.length >= after + 8, 60_000, 'requests after the restarts');
    } finally {
      stop.done = true;
      await running;
    }

    expect(api!.process.exitCode, api!.output.join('')).toBeNull();
    expect(api!.process.signalCode).toBeNull();
    const statuses = new Map<number, number>();
    for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    // Only success, and 503 while PostgreSQL was away: never a 500, never a dropped connection (0).
    expect([...statuses.keys()].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(JSON.parse(answer.body)).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: MESSAGES.serviceUnavailable,
      });
    }
    // Every write the API acknowledged is in the database.
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.date!);
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = await handle.db
      .select({ date: nonWorkingDays.date })
      .from(nonWorkingDays)
      .where(inArray(nonWorkingDays.date, acknowledged));
    expect(stored.map((row) => String(row.date)).sort()).toEqual([...acknowledged].sort());
    // And the process serves as before.
    expect((await write()).status).toBe(201);
  }, 240_000);
});
