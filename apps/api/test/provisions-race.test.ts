import { describe, expect, it } from 'vitest';
import { randomVin, releaseLine, saveBody, unit } from './provision-fixtures';
import { useLineRace, type Send } from './support/line-race';
import { MANY_ROUNDS_TIMEOUT_MS } from './support/timeouts';

/**
 * No overdraw (ARCHITECTURE §6, issue 16 acceptance): 50 concurrent creates against one credit line whose available
 * balance fits exactly 3 of them — exactly 3 are created (201), the other 47 answer 422 'El monto total supera el saldo
 * restante', and what the line's open provisions hold never exceeds the CRM's montoRestante. Twenty rounds in one
 * API, then one round split across two API processes (this test's app and `src/server.ts` in a child process) on one
 * PostgreSQL. A database of this file's own; the CRM simulator over HTTP.
 */
const LINE = 'LC-10006-01';

const race = useLineRace('provisions_race', '10006', LINE);

/** One create of one unit of `amount` on the line, through `send` (an in-process inject or HTTP to a process). */
const oneCreate = (send: Send) =>
  send('/api/provisions', saveBody(race.group, LINE, [unit(randomVin(), race.amount)], race.amount) as object);

const { viaInject, viaHttp, expectExactlyThree, expectWithinBalance } = race;

describe('50 concurrent creates on a line that fits exactly 3', () => {
  it(
    'exactly 3 succeed and the rest get the balance message, 20 rounds in a row',
    async () => {
      for (let round = 0; round < 20; round++) {
        await releaseLine(race.seeded.db, LINE);
        const outcomes = await Promise.all(Array.from({ length: 50 }, () => oneCreate(viaInject(race.t.app))));
        expectExactlyThree(outcomes);
        await expectWithinBalance();
      }
    },
    MANY_ROUNDS_TIMEOUT_MS,
  );
});

describe('one VIN raced on two credit lines (decision 029 "Double financing")', () => {
  it('exactly one of two concurrent saves of the same VIN on different lines is created, ten rounds', async () => {
    const other = 'LC-10006-02';
    for (let round = 0; round < 10; round++) {
      await releaseLine(race.seeded.db, LINE);
      await releaseLine(race.seeded.db, other);
      const vin = randomVin();
      const outcomes = await Promise.all(
        [LINE, other].map((line) =>
          viaInject(race.t.app)(
            '/api/provisions',
            saveBody(race.group, line, [unit(vin, '100.00')], '100.00') as object,
          ),
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
  it('still creates exactly 3', async () => {
    const b = await race.startChild();

    await releaseLine(race.seeded.db, LINE);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) => oneCreate(i % 2 === 0 ? viaInject(race.t.app) : viaHttp(b.port))),
    );
    expectExactlyThree(outcomes);
    await expectWithinBalance();
  }, 180_000);
});
