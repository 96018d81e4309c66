import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Money } from '@planpiso/domain';
import { buildTestApp, fakeClock, type TestApp } from './harness';
import {
  WORKING_NOON,
  clearNonWorkingDays,
  dealerGroup,
  randomVin,
  releaseLine,
  saveBody,
  unit,
  type DealerGroup,
} from './provision-fixtures';
import { stopChildApi, type ChildApi } from './support/child-api';
import {
  childApiForRace,
  expectCreated,
  expectWithinBalance as expectWithinBalanceOn,
  threeFit,
  viaHttp as httpAs,
  viaInject as injectAs,
  type Outcome,
  type Send,
} from './support/line-race';
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
  ({ remaining, amount } = await threeFit(t.app, group, LINE));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await seeded?.close();
});

/** One create of one unit of `amount` on the line, through `send` (an in-process inject or HTTP to a process). */
const oneCreate = (send: Send) =>
  send('/api/provisions', saveBody(group, LINE, [unit(randomVin(), amount)], amount) as object);

const viaInject = (app: TestApp['app']) => injectAs(app, () => group);
const viaHttp = (port: number) => httpAs(port, () => group);
const expectExactlyThree = (outcomes: Outcome[]) => expectCreated(outcomes, 3);
const expectWithinBalance = () => expectWithinBalanceOn(seeded.db, LINE, { remaining, amount });

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
        [LINE, other].map((line) =>
          viaInject(t.app)('/api/provisions', saveBody(group, line, [unit(vin, '100.00')], '100.00') as object),
        ),
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
    b = await childApiForRace(seeded.db, seeded.url, group);
    t.clock.set(new Date());

    await releaseLine(seeded.db, LINE);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => oneCreate(i % 2 === 0 ? viaInject(t.app) : viaHttp(b!.port))),
    );
    expectExactlyThree(outcomes);
    await expectWithinBalance();
  }, 180_000);
});
