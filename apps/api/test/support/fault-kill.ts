import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { MESSAGES, Money } from '@planpiso/domain';
import { provisionSettings } from '../../src/db/schema/provision-settings';
import { reservedOnLine } from '../../src/modules/credit-lines/repository';
import { bearer, buildTestApp, fakeClock, signIn, simulatorEnv, type TestApp } from '../harness';
import { WORKING_NOON, clearNonWorkingDays, dealerGroup, type DealerGroup } from '../provision-fixtures';
import { seededDatabase } from '../seeded-database';
import { signInOn, startChildApi, stopChildApi, type ChildApi } from './child-api';

export { signInOn } from './child-api';

/**
 * What the SIGKILL fault tests share (issue 27, "Faults with nothing lost"): a demo database with a dealer group on
 * the CRM's client 10006, the API processes to kill (started ahead of their run), the moments to kill them at —
 * each one observed, never a timer — and the checks that nothing was lost.
 */

export const FAULT_LINE = 'LC-10006-01';
/** A dead process's Idempotency-Key claim is taken over after this lease. */
const LEASE_SECONDS = 2;
/** The child processes' connections, told apart from the test's own in pg_stat_activity. */
const CHILD_APPLICATION = 'planpiso-fault-child';

export type FaultBench = {
  db: Awaited<ReturnType<typeof seededDatabase>>;
  t: TestApp;
  group: DealerGroup;
  /** The process of run `run` (started while the run before it ran). */
  childFor(run: number): Promise<ChildApi>;
  close(): Promise<void>;
};

/**
 * The bench: a seeded database named `label`, this process's app (the retries run here, on the real clock, as the
 * children do), the operating window open all day, the dealer and the lender operator signed in, and `runs` child
 * processes started `ahead` runs before they are needed (a start takes longer than a run on a busy machine).
 */
export async function faultBench(label: string, runs: number, ahead: number): Promise<FaultBench> {
  const db = await seededDatabase(label);
  const t = await buildTestApp({
    db: db.db,
    clock: fakeClock(WORKING_NOON),
    env: { IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) },
  });
  await clearNonWorkingDays(db.db);
  const group = await dealerGroup(t.app, db.db, '10006');
  // The children read the real clock: the window open all day (an equal start and end), this app's clock on real time.
  await db.db.update(provisionSettings).set({ startOperation: '00:00', endOperation: '00:00' });
  t.clock.set(new Date());
  group.tokens.dealer = await signIn(t.app, group.dealer.email);
  group.tokens.operator = await signIn(t.app, group.operator.email);

  const childUrl = new URL(db.url);
  childUrl.searchParams.set('application_name', CHILD_APPLICATION);
  const env = { ...simulatorEnv(), JOBS: 'off', IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) };
  const started: (Promise<ChildApi> | undefined)[] = [];
  const start = (run: number) => {
    if (run < runs) started[run] ??= startChildApi(childUrl.toString(), env);
  };
  return {
    db,
    t,
    group,
    async childFor(run) {
      for (let next = run; next <= run + ahead; next++) start(next);
      const child = await started[run]!;
      started[run] = undefined;
      return child;
    },
    async close() {
      for (const child of started) if (child) await stopChildApi(await child).catch(() => undefined);
      await t.close();
      await db.close();
    },
  };
}

/**
 * The fault bench of one test file: opened before its tests, closed after them. Its fields are read when used, so a
 * test file declares it once at the top, as `faultBench(label, runs, ahead)` would give it.
 */
export function useFaultBench(label: string, runs: number, ahead: number): FaultBench {
  let bench: FaultBench | undefined;
  beforeAll(async () => {
    bench = await faultBench(label, runs, ahead);
  }, 180_000);
  afterAll(async () => {
    await bench?.close();
  }, 60_000);
  const opened = () => {
    if (!bench) throw new Error('The fault bench opens in beforeAll');
    return bench;
  };
  return {
    get db() {
      return opened().db;
    },
    get t() {
      return opened().t;
    },
    get group() {
      return opened().group;
    },
    childFor: (run) => opened().childFor(run),
    close: () => opened().close(),
  };
}

/**
 * Where in a request's life the process dies, one per run in turn: once its work is seen committed (before it could
 * store or send its answer: the window that found decision 072's fault, first), as the request leaves the client
 * (before the process has read it), while its transaction has written and not ended, after it answered.
 */
export const KILL_MOMENTS = ['committed', 'sent', 'writing', 'answered'] as const;
export type KillMoment = (typeof KILL_MOMENTS)[number];

/**
 * Waits for `moment` of the request whose answer `answered` settles, then SIGKILLs the child and waits for it to
 * go. `committed` tells whether the request's work is visible from outside. When the request answers before the
 * moment is seen, the kill comes after the answer.
 */
export async function killAt(
  bench: FaultBench,
  child: ChildApi,
  moment: KillMoment,
  answered: Promise<unknown>,
  committed: () => Promise<boolean>,
): Promise<void> {
  let settled = false;
  void answered.then(() => (settled = true));
  if (moment === 'writing') while (!settled && !(await childIsWriting(bench)));
  if (moment === 'committed') while (!settled && !(await committed()));
  if (moment === 'answered') await answered;
  child.process.kill('SIGKILL');
  await stopChildApi(child);
  await answered;
}

/**
 * Run `run`'s request: `body` POSTed to `path` with the Idempotency-Key `key` as `user`, on the run's process, killed at
 * the run's moment (KILL_MOMENTS in turn; `committed` as for killAt). Returns the moment.
 */
export async function postAndKill(
  bench: FaultBench,
  run: number,
  request: { user: { email: string; password: string }; path: string; body: object; key: string },
  committed: () => Promise<boolean>,
): Promise<KillMoment> {
  const child = await bench.childFor(run);
  const token = await signInOn(child.port, request.user);
  const sent = fetch(`http://127.0.0.1:${child.port}${request.path}`, {
    method: 'POST',
    body: JSON.stringify(request.body),
    headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': request.key },
  }).then(
    (response) => response.status,
    () => 0,
  );
  const moment = KILL_MOMENTS[run % KILL_MOMENTS.length]!;
  await killAt(bench, child, moment, sent, committed);
  return moment;
}

/** A child's transaction has written (it holds a transaction id) and not ended. */
async function childIsWriting(bench: FaultBench): Promise<boolean> {
  const result = await bench.db.db.execute<{ writing: boolean }>(sql`
    select exists (select 1 from pg_stat_activity where datname = current_database()
      and application_name = ${CHILD_APPLICATION} and backend_xid is not null) as writing`);
  return result.rows[0]!.writing;
}

/** The line's reserved amount equals what its open provisions (statuses 1–7, not archived) add up to. */
export async function expectReservationsExact(bench: FaultBench): Promise<void> {
  const result = await bench.db.db.execute<{ total: string }>(sql`
    select coalesce(sum(total), 0)::numeric(14,2)::text as total from provisions
    where credit_line = ${FAULT_LINE} and not is_archived and status between 1 and 7`);
  expect(Money.of(await reservedOnLine(bench.db.db, FAULT_LINE)).toDecimalString()).toBe(
    Money.of(result.rows[0]!.total).toDecimalString(),
  );
}

type Retried = { status: number; body: unknown };

/**
 * The client's retry with the same Idempotency-Key after the kill (on this process). A claim the dead process left
 * unanswered is still within its lease now: 409 'still in progress'. Then this process's clock moves past the lease
 * (no waiting on the real one) and the retry takes the claim over, or replays the stored answer.
 */
export async function retryAfterLease<T extends Retried>(bench: FaultBench, retry: () => Promise<T>): Promise<T> {
  bench.t.clock.set(new Date());
  const first = await retry();
  if (first.status !== 409 || (first.body as { code?: string }).code !== 'IDEMPOTENCY_IN_PROGRESS') return first;
  expect(first.body).toMatchObject({ message: MESSAGES.idempotencyInProgress });
  bench.t.clock.set(new Date(Date.now() + (LEASE_SECONDS + 1) * 1000));
  return retry();
}
