import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, Money, PROVISION_STATUS, type ProvisionFollowUpDetail } from '@planpiso/domain';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { provisionSettings } from '../src/db/schema/provision-settings';
import { reservedOnLine } from '../src/modules/credit-lines/repository';
import { bearer, buildTestApp, fakeClock, json, signIn, simulatorEnv, type TestApp } from './harness';
import {
  WORKING_NOON,
  clearNonWorkingDays,
  dealerGroup,
  get,
  post,
  randomVin,
  releaseLine,
  saveBody,
  unit,
  type DealerGroup,
} from './provision-fixtures';
import { startChildApi, stopChildApi, type ChildApi } from './support/child-api';
import { seeded, signInOn } from './support/fault-kill';
import { seededDatabase } from './seeded-database';

/**
 * Fault suite (issue 27): an API process SIGKILLed while the lender confirms (Confirmar, status 3 → 4) a provision of
 * UNITS units, one in ten left out, FAULT_RUNS times (5 in CI; FAULT_RUNS=50 for the long run). Half the runs kill
 * at a seeded moment, the other half the instant the confirmation is seen committed (before the process could send
 * or store its answer). After each kill the provision is confirmed wholly (status, total of the kept units, the
 * balances' snapshot, the left-out units back in review, one audit row) or untouched; the line's reserved amount
 * equals the sum of its open provisions; and the retry the client makes with the same Idempotency-Key (on another
 * process, after the dead claim's lease) answers 200 with the confirmed provision, the confirmation made once.
 */
const RUNS = Number(process.env.FAULT_RUNS ?? 5);
const UNITS = Number(process.env.FAULT_UNITS ?? 200);
const LINE = 'LC-10006-01';
const LEASE_SECONDS = 2;

let db: Awaited<ReturnType<typeof seededDatabase>>;
let t: TestApp;
let group: DealerGroup;
let child: ChildApi | undefined;
/** Processes started ahead of their run (two at most are waiting). */
const spare: (Promise<ChildApi> | undefined)[] = [];

const childEnv = () => ({ ...simulatorEnv(), JOBS: 'off', IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) });

beforeAll(async () => {
  db = await seededDatabase('fault_confirm');
  t = await buildTestApp({
    db: db.db,
    clock: fakeClock(WORKING_NOON),
    env: { IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) },
  });
  await clearNonWorkingDays(db.db);
  group = await dealerGroup(t.app, db.db, '10006');
  // The child reads the real clock: the window open all day (an equal start and end), this app's clock on real time.
  await db.db.update(provisionSettings).set({ startOperation: '00:00', endOperation: '00:00' });
  t.clock.set(new Date());
  group.tokens.dealer = await signIn(t.app, group.dealer.email);
  group.tokens.operator = await signIn(t.app, group.operator.email);
}, 180_000);

afterAll(async () => {
  if (child) await stopChildApi(child);
  for (const started of spare) if (started) await stopChildApi(await started).catch(() => undefined);
  await t?.close();
  await db?.close();
}, 60_000);

/** A provision of UNITS units of 1.00 at Validación (3), its units' four checks passed (as provisions-lender does). */
async function provisionInValidation(description: string): Promise<ProvisionFollowUpDetail> {
  t.clock.set(new Date());
  const units = Array.from({ length: UNITS }, () => unit(randomVin(), '1.00'));
  const body = saveBody(group, LINE, units, Money.of(UNITS).toDecimalString(), { description });
  const created = await post(t.app, group.tokens.dealer, '/api/provisions', body);
  expect(created.statusCode, created.body).toBe(201);
  const id = json<{ data: { id: number } }>(created).data.id;
  await db.db.update(provisions).set({ status: PROVISION_STATUS.LENDER_VALIDATION }).where(eq(provisions.id, id));
  await db.db
    .update(provisionUnits)
    .set({ validInvoice: true, validRepuve: true, validTransunion: true, validAx: true })
    .where(eq(provisionUnits.provisionId, id));
  const read = await get(t.app, group.tokens.operator, `/api/provisions/${id}`);
  expect(read.statusCode, read.body).toBe(200);
  return json<{ data: ProvisionFollowUpDetail }>(read).data;
}

async function statusOf(id: number): Promise<number | undefined> {
  const [row] = await db.db.select({ status: provisions.status }).from(provisions).where(eq(provisions.id, id));
  return row?.status;
}

/** The provision as stored, with its units' flags and its confirm audit rows. */
async function stored(id: number) {
  const [row] = await db.db
    .execute<{
      status: number;
      total: string;
      confirmed_at: Date | null;
      confirmed_available: string | null;
      confirmed_remaining: string | null;
      confirms: number;
    }>(
      sql`select status, total::text as total, confirmed_at, confirmed_available::text as confirmed_available,
           confirmed_remaining::text as confirmed_remaining,
           (select count(*)::int from audit_log a where a.entity = 'provision' and a.entity_id = ${String(id)}
              and a.action = 'provisions.confirm') as confirms
         from provisions where id = ${id}`,
    )
    .then((result) => result.rows);
  const units = await db.db
    .select({
      id: provisionUnits.id,
      included: provisionUnits.included,
      inReview: provisionUnits.inReview,
      reviewBy: provisionUnits.reviewBy,
    })
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, id));
  return { ...row!, units };
}

/** What the line's open provisions (statuses 1–7, not archived) add up to. */
async function openTotal(): Promise<string> {
  const result = await db.db.execute<{ total: string }>(sql`
    select coalesce(sum(total), 0)::numeric(14,2)::text as total from provisions
    where credit_line = ${LINE} and not is_archived and status between 1 and 7`);
  return Money.of(result.rows[0]!.total).toDecimalString();
}

async function expectReservationsExact() {
  expect(Money.of(await reservedOnLine(db.db, LINE)).toDecimalString()).toBe(await openTotal());
}

/** Confirmed wholly: status 4, the kept units' total, the snapshot, the left-out units in review, one audit row. */
function expectConfirmed(state: Awaited<ReturnType<typeof stored>>, kept: Set<number>) {
  expect(state.status).toBe(PROVISION_STATUS.ACCEPTED);
  expect(Money.of(state.total).toDecimalString()).toBe(Money.of(kept.size).toDecimalString());
  expect(state.confirmed_at).not.toBeNull();
  expect(state.confirmed_available).not.toBeNull();
  expect(state.confirmed_remaining).not.toBeNull();
  expect(state.confirms).toBe(1);
  for (const u of state.units) {
    expect(u.included).toBe(kept.has(u.id));
    expect(u.inReview).toBe(!kept.has(u.id));
    if (!kept.has(u.id)) expect(u.reviewBy).toBe(group.dealer.id);
  }
}

/** Untouched: still at 3, its whole total, no snapshot, every unit included and none in review, no audit row. */
function expectUntouched(state: Awaited<ReturnType<typeof stored>>) {
  expect(state.status).toBe(PROVISION_STATUS.LENDER_VALIDATION);
  expect(Money.of(state.total).toDecimalString()).toBe(Money.of(UNITS).toDecimalString());
  expect(state.confirmed_at).toBeNull();
  expect(state.confirmed_available).toBeNull();
  expect(state.confirms).toBe(0);
  expect(state.units.every((u) => u.included && !u.inReview)).toBe(true);
}

describe(`SIGKILL during a Confirmar of ${UNITS} units, ${RUNS} times`, () => {
  it(
    'leaves each provision confirmed wholly or untouched, reservations exact, and the retry confirms once',
    async () => {
      const random = seeded(54);
      const outcomes = { confirmedBeforeKill: 0, untouchedAfterKill: 0 };
      // The next two runs' processes start while this one runs (a start takes longer than a run on a busy machine).
      const startAhead = (run: number) => {
        for (const next of [run, run + 1]) if (next < RUNS) spare[next] ??= startChildApi(db.url, childEnv());
      };
      startAhead(0);
      for (let run = 0; run < RUNS; run++) {
        await releaseLine(db.db, LINE);
        const detail = await provisionInValidation(`Confirmar ${run} ${randomUUID().slice(0, 8)}`);
        const id = detail.id;
        const units = detail.units.map((u, i) => ({ id: u.id, included: i % 10 !== 9 }));
        const kept = new Set(units.filter((u) => u.included).map((u) => u.id));
        const body = { status: PROVISION_STATUS.ACCEPTED, version: detail.version, units, useManualFolio: false };
        const key = randomUUID();
        child = await spare[run]!;
        delete spare[run];
        startAhead(run + 1);
        const token = await signInOn(child.port, group.operator);

        const sent = fetch(`http://127.0.0.1:${child.port}/api/provisions/${id}/confirm-reject`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
        }).then(
          (response) => response.status,
          () => 0,
        );
        if (run % 2 === 0) {
          // The instant the confirmation is committed: the process has not sent (nor stored) its answer yet.
          let settled = false;
          void sent.then(() => (settled = true));
          while (!settled && (await statusOf(id)) !== PROVISION_STATUS.ACCEPTED);
        } else {
          // A seeded moment: before the request is read, while its transaction runs, or after it answered.
          await Promise.race([sent, sleep(Math.floor(random() * 500))]);
        }
        child.process.kill('SIGKILL');
        await stopChildApi(child);
        child = undefined;
        await sent;

        const afterKill = await stored(id);
        if (afterKill.status === PROVISION_STATUS.ACCEPTED) {
          outcomes.confirmedBeforeKill++;
          expectConfirmed(afterKill, kept);
        } else {
          outcomes.untouchedAfterKill++;
          expectUntouched(afterKill);
        }
        await expectReservationsExact();

        // The retry with the same key (this test's process), until the dead claim's lease is over.
        const deadline = Date.now() + 60_000;
        let retry = await retryOnce(id, body, key);
        while (retry.status === 409 && (retry.body as { code?: string }).code === 'IDEMPOTENCY_IN_PROGRESS') {
          expect(retry.body).toMatchObject({ message: MESSAGES.idempotencyInProgress });
          if (Date.now() > deadline) break;
          await sleep(200);
          retry = await retryOnce(id, body, key);
        }
        expect(retry.status, JSON.stringify(retry.body)).toBe(200);
        expect((retry.body as { data: { id: number; status: number } }).data).toMatchObject({
          id,
          status: PROVISION_STATUS.ACCEPTED,
        });
        expectConfirmed(await stored(id), kept);
        await expectReservationsExact();
        // Once more with the key: the same answer, replayed; still one confirmation.
        const again = await retryOnce(id, body, key);
        expect(again.status).toBe(200);
        expect(again.replayed).toBe('true');
        expect((await stored(id)).confirms).toBe(1);
      }
      console.info(`fault-sigkill-confirm: ${RUNS} runs`, outcomes);
      expect(outcomes.confirmedBeforeKill).toBeGreaterThan(0);
    },
    60_000 + RUNS * 60_000,
  );
});

async function retryOnce(id: number, body: object, key: string) {
  t.clock.set(new Date());
  const response = await post(t.app, group.tokens.operator, `/api/provisions/${id}/confirm-reject`, body, key);
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as unknown,
    replayed: response.headers['idempotent-replayed'],
  };
}
