import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@planpiso/domain';
import { provisionSettings } from '../src/db/schema/provision-settings';
import { reservedOnLine } from '../src/modules/credit-lines/repository';
import { bearer, buildTestApp, fakeClock, simulatorEnv, type TestApp } from './harness';
import {
  WORKING_NOON,
  clearNonWorkingDays,
  dealerGroup,
  montoRestante,
  randomVin,
  releaseLine,
  saveBody,
  unit,
  type DealerGroup,
} from './provision-fixtures';
import { startChildApi, stopChildApi, type ChildApi } from './support/child-api';
import { seededDatabase } from './seeded-database';

/**
 * No overdraw (ARCHITECTURE §6, issue 16 acceptance): 50 concurrent creates against one credit line whose available
 * balance fits exactly 3 of them — exactly 3 are created (201), the other 47 answer 422 'El monto total supera el saldo
 * restante', and what the line's open provisions hold never exceeds the CRM's montoRestante. Twenty rounds in one
 * API, then one round split across two API processes (this test's app and `src/server.ts` in a child process) on one
 * PostgreSQL. A database of this file's own; the CRM simulator over HTTP.
 */
const LINE = 'LC-10006-01';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seededDatabase>>;
let group: DealerGroup;
let amount: string;
let remaining: Money;

beforeAll(async () => {
  seeded = await seededDatabase('provisions_race');
  t = await buildTestApp({ db: seeded.db, clock: fakeClock(WORKING_NOON) });
  await clearNonWorkingDays(seeded.db);
  group = await dealerGroup(t.app, seeded.db, '10006');
  // An amount of which 3 fit the line's balance and 4 do not: 3A <= montoRestante < 4A.
  remaining = Money.of(await montoRestante(t.app, group.tokens.dealer, '10006', LINE));
  const seventh = remaining.divideRounded(7);
  amount = seventh.add(seventh).toDecimalString();
  expect(Money.of(amount).add(Money.of(amount)).add(Money.of(amount)).greaterThan(remaining)).toBe(false);
  expect(Money.sum([1, 2, 3, 4].map(() => Money.of(amount))).greaterThan(remaining)).toBe(true);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await seeded?.close();
});

type Outcome = { status: number; message: string };

/** One create of one unit of `amount` on the line, through `send` (an in-process inject or HTTP to a process). */
const oneCreate = (send: (payload: object) => Promise<Outcome>) =>
  send(saveBody(group, LINE, [unit(randomVin(), amount)], amount) as object);

const viaInject = (app: TestApp['app']) => async (payload: object) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/provisions',
    payload,
    headers: bearer(group.tokens.dealer),
  });
  return { status: response.statusCode, message: (JSON.parse(response.body) as { message?: string }).message ?? '' };
};

const viaHttp = (port: number) => async (payload: object) => {
  const response = await fetch(`http://127.0.0.1:${port}/api/provisions`, {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { ...bearer(group.tokens.dealer), 'content-type': 'application/json' },
  });
  return { status: response.status, message: ((await response.json()) as { message?: string }).message ?? '' };
};

function expectExactlyThree(outcomes: Outcome[]) {
  const created = outcomes.filter((o) => o.status === 201);
  const refused = outcomes.filter((o) => o.status !== 201);
  expect(created).toHaveLength(3);
  expect(refused).toHaveLength(outcomes.length - 3);
  for (const outcome of refused) {
    expect(outcome).toEqual({ status: 422, message: 'El monto total supera el saldo restante' });
  }
}

async function expectWithinBalance() {
  const reserved = Money.of(await reservedOnLine(seeded.db, LINE));
  expect(reserved.greaterThan(remaining)).toBe(false);
  expect(reserved.toDecimalString()).toBe(Money.sum([1, 2, 3].map(() => Money.of(amount))).toDecimalString());
}

describe('50 concurrent creates on a line that fits exactly 3', () => {
  it('exactly 3 succeed and the rest get the balance message, 20 rounds in a row', async () => {
    for (let round = 0; round < 20; round++) {
      await releaseLine(seeded.db, LINE);
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => oneCreate(viaInject(t.app))));
      expectExactlyThree(outcomes);
      await expectWithinBalance();
    }
  }, 300_000);
});

describe('one VIN raced on two credit lines (decision 029 "Double financing")', () => {
  it('exactly one of two concurrent saves of the same VIN on different lines is created, ten rounds', async () => {
    const other = 'LC-10006-02';
    for (let round = 0; round < 10; round++) {
      await releaseLine(seeded.db, LINE);
      await releaseLine(seeded.db, other);
      const vin = randomVin();
      const outcomes = await Promise.all(
        [LINE, other].map((line) => viaInject(t.app)(saveBody(group, line, [unit(vin, '100.00')], '100.00') as object)),
      );
      expect(outcomes.filter((o) => o.status === 201)).toHaveLength(1);
      const refused = outcomes.find((o) => o.status !== 201)!;
      expect(refused.status).toBe(422);
      expect(refused.message).toMatch(new RegExp(`^El VIN ${vin} ya se encuentra en la disposición con folio \\d+$`));
    }
  }, 120_000);
});

// ---- the same race split across two API processes on one PostgreSQL ----

describe('the race split across two API processes', () => {
  let b: ChildApi | undefined;
  afterAll(async () => {
    if (b) await stopChildApi(b);
  });

  it('still creates exactly 3', async () => {
    // The child reads the real clock: open the window all day for this database (an equal start and end).
    await seeded.db.update(provisionSettings).set({ startOperation: '00:00', endOperation: '00:00' });
    b = await startChildApi(seeded.url, { ...simulatorEnv(), JOBS: 'off' });
    // The child checks tokens against the real clock: sign in again there so the token is current for it.
    const signIn = await fetch(`http://127.0.0.1:${b.port}/api/identity/sign-in`, {
      method: 'POST',
      body: JSON.stringify({ email: group.dealer.email, password: group.dealer.password }),
      headers: { 'content-type': 'application/json' },
    });
    const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
    group.tokens.dealer = token;
    t.clock.set(new Date());

    await releaseLine(seeded.db, LINE);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => oneCreate(i % 2 === 0 ? viaInject(t.app) : viaHttp(b!.port))),
    );
    expectExactlyThree(outcomes);
    await expectWithinBalance();
  }, 180_000);
});
