import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Money } from '@planpiso/domain';
import { bearer } from './harness';
import { randomVin, releaseLine, saveBody, unit } from './provision-fixtures';
import {
  FAULT_LINE,
  KILL_MOMENTS,
  expectReservationsExact,
  postAndKill,
  retryAfterLease,
  useFaultBench,
} from './support/fault-kill';

/**
 * Fault suite (issue 27): an API process SIGKILLed while it creates and sends a provision of UNITS units (1,000), at
 * each observed moment of the request's life in turn (support/fault-kill.ts), FAULT_RUNS times (5 in CI;
 * FAULT_RUNS=50 for the long run). After each kill the provision is whole (every unit) or absent, the line's reserved
 * amount equals the sum of its open provisions, and the retry the web client makes with the same Idempotency-Key
 * (here on another API process) ends with exactly one provision: replayed if it had committed (its answer commits
 * with it), created if not (the dead process's claim is taken over after its lease).
 */
const RUNS = Number(process.env.FAULT_RUNS ?? 5);
const UNITS = Number(process.env.FAULT_UNITS ?? 1000);

const bench = useFaultBench('fault_sigkill', RUNS, 1);

/** The provisions of a run (its description is the run's own), with how many units each holds. */
async function provisionsOf(description: string) {
  const result = await bench.db.db.execute<{ id: number; units: number }>(sql`
    select p.id, (select count(*)::int from provision_units u where u.provision_id = p.id) as units
    from provisions p where p.description = ${description}`);
  return result.rows;
}

describe(`SIGKILL during a ${UNITS}-unit create-and-send, ${RUNS} times`, () => {
  it(
    'leaves each provision whole or absent, reservations exact, and one provision per Idempotency-Key',
    async () => {
      const { group } = bench;
      const outcomes = { committedBeforeKill: 0, absentAfterKill: 0 };
      for (let run = 0; run < RUNS; run++) {
        await releaseLine(bench.db.db, FAULT_LINE);
        const description = `Falla ${run} ${randomUUID().slice(0, 8)}`;
        const units = Array.from({ length: UNITS }, () => unit(randomVin(), '1.00'));
        const body = saveBody(group, FAULT_LINE, units, Money.of(UNITS).toDecimalString(), { description });
        const key = randomUUID();

        const moment = await postAndKill(
          bench,
          run,
          { user: group.dealer, path: '/api/provisions/create-send', body, key },
          async () => (await provisionsOf(description)).length > 0,
        );

        const afterKill = await provisionsOf(description);
        expect(afterKill.length).toBeLessThanOrEqual(1);
        for (const provision of afterKill) expect(provision.units).toBe(UNITS);
        if (afterKill.length === 1) outcomes.committedBeforeKill++;
        else outcomes.absentAfterKill++;
        await expectReservationsExact(bench);

        // The retry with the same key (another API process: this test's), once the dead claim's lease is over.
        const retry = await retryAfterLease(bench, async () => {
          const response = await bench.t.app.inject({
            method: 'POST',
            url: '/api/provisions/create-send',
            payload: body,
            headers: { ...bearer(group.tokens.dealer), 'idempotency-key': key },
          });
          return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
        });
        expect(retry.status, `${moment}: ${JSON.stringify(retry.body)}`).toBe(201);
        const after = await provisionsOf(description);
        expect(after).toHaveLength(1);
        expect(after[0]!.units).toBe(UNITS);
        expect((retry.body as { data: { id: number } }).data.id).toBe(after[0]!.id);
        await expectReservationsExact(bench);
      }
      console.info(`fault-sigkill: ${RUNS} runs`, outcomes);
      // A run of every moment falls on both sides of the commit: killed before it was read, and after it answered.
      if (RUNS >= KILL_MOMENTS.length) {
        expect(outcomes.committedBeforeKill).toBeGreaterThan(0);
        expect(outcomes.absentAfterKill).toBeGreaterThan(0);
      }
    },
    60_000 + RUNS * 90_000,
  );
});
