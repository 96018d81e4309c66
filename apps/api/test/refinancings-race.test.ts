import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFINANCING_STATUS } from '@planpiso/domain';
import type { Db } from '../src/db/client';
import { companies } from '../src/db/schema/organisation';
import { randomVin, releaseLine, saveBody, unit } from './provision-fixtures';
import { createBody, financedUnits } from './refinancing-fixtures';
import { expectCreated, useLineRace, type Send } from './support/line-race';
import { MANY_ROUNDS_TIMEOUT_MS } from './support/timeouts';

/**
 * No overdraw for refinancings (issue 19 acceptance, "as in the provisions issue": provisions-race.test.ts): 50
 * concurrent creates against one credit line whose available balance fits exactly 3 of them — exactly 3 are created
 * (201), the other 47 answer 422 'El monto total supera el saldo restante', and what the line holds never exceeds the
 * CRM's montoRestante. Each create refinances a financed unit of its own (seeded directly, 50 per round). Twenty
 * rounds in one API, then one round split across two API processes (this test's app and `src/server.ts` in a child
 * process) on one PostgreSQL; and provisions and refinancings racing on the same line together, since what a line
 * holds counts both (credit-lines/repository.ts `holdings`). A database of this file's own; the CRM simulator over
 * HTTP, on a client no other test file refinances on (10004 and 10006 are the refinancing tests'), with no pending
 * balances (10002 and 10005 have some: no provision could be created), whose line no test inserts into the CRM (10001
 * and 10007 get insertions, which lower montoRestante under a running race): the CRM's 10003.
 */
const CLIENT = '10003';
const LINE = 'LC-10003-01';
const ROUND = 50;

const race = useLineRace('refinancings_race', CLIENT, LINE, (db) =>
  // The demo seed registers 10003 as Autos del Bajío (client numbers are unique): in this file's own database the
  // client number moves to this file's dealer group, whose company then owns the line.
  db.update(companies).set({ clientId: null }).where(eq(companies.clientId, CLIENT)),
);

/**
 * The line free again: its provisions cancelled (releaseLine) and its refinancings rejected (9, a closed status that
 * holds nothing). Test fixture only: the refinancings are moved to 9 directly in the database, without the transition
 * table, the version check or an audit entry that a real rejection goes through.
 */
async function freeLine(db: Db) {
  await releaseLine(db, LINE);
  await db.execute(sql`update refinancings set status = ${REFINANCING_STATUS.REJECTED} where credit_line = ${LINE}`);
}

/** `count` financed units of `amount`, refinanceable, each ready for a refinancing of its own. */
const freshUnits = (count: number) =>
  financedUnits(
    race.seeded.db,
    race.group,
    Array.from({ length: count }, () => ({ amount: race.amount })),
  );

const { viaInject, viaHttp, expectExactlyThree, expectWithinBalance } = race;

/** One refinancing of one financed unit of `amount` on the line. */
const refinance = (send: Send, source: { id: number; amount: string }) =>
  send('/api/refinancings', createBody(race.group, LINE, [source]));

/** One provision of one unit of `amount` on the line. */
const provide = (send: Send) =>
  send('/api/provisions', saveBody(race.group, LINE, [unit(randomVin(), race.amount)], race.amount) as object);

describe('50 concurrent refinancing creates on a line that fits exactly 3', () => {
  it(
    'exactly 3 succeed and the rest get the balance message, 20 rounds in a row',
    async () => {
      for (let round = 0; round < 20; round++) {
        await freeLine(race.seeded.db);
        const sources = await freshUnits(ROUND);
        const outcomes = await Promise.all(sources.map((source) => refinance(viaInject(race.t.app), source)));
        expectExactlyThree(outcomes);
        await expectWithinBalance();
      }
    },
    MANY_ROUNDS_TIMEOUT_MS,
  );
});

describe('provisions and refinancings racing on the same line', () => {
  it('together never hold more than the balance: 3 of 12 concurrent creates of both kinds, ten rounds', async () => {
    for (let round = 0; round < 10; round++) {
      await freeLine(race.seeded.db);
      const sources = await freshUnits(6);
      // Interleaved: a provision, a refinancing, a provision… — twelve creates of `amount`, four times what fits.
      const outcomes = await Promise.all(
        sources.flatMap((source) => [provide(viaInject(race.t.app)), refinance(viaInject(race.t.app), source)]),
      );
      expectExactlyThree(outcomes);
      await expectWithinBalance();
    }
  }, 120_000);

  it('one kind already on the line counts for the other: a refinancing limits provisions and the other way round', async () => {
    for (let round = 0; round < 6; round++) {
      await freeLine(race.seeded.db);
      const [first, ...sources] = await freshUnits(7);
      // The line already holds one of `amount` — a refinancing on even rounds, a provision on odd ones — so of
      // twelve concurrent creates of both kinds only 2 fit.
      const held =
        round % 2 === 0 ? await refinance(viaInject(race.t.app), first!) : await provide(viaInject(race.t.app));
      expect(held.status).toBe(201);
      const outcomes = await Promise.all(
        sources.flatMap((source) => [provide(viaInject(race.t.app)), refinance(viaInject(race.t.app), source)]),
      );
      expectCreated(outcomes, 2);
      await expectWithinBalance();
    }
  }, 120_000);
});

// ---- the same race split across two API processes on one PostgreSQL ----

describe('the refinancing race split across two API processes', () => {
  it('still creates exactly 3', async () => {
    // The provisions' window opened all day, though a refinancing create does not look at it: as the provisions' race.
    const b = await race.startChild();

    await freeLine(race.seeded.db);
    const sources = await freshUnits(ROUND);
    const outcomes = await Promise.all(
      sources.map((source, i) => refinance(i % 2 === 0 ? viaInject(race.t.app) : viaHttp(b.port), source)),
    );
    expectExactlyThree(outcomes);
    await expectWithinBalance();
  }, 180_000);
});
