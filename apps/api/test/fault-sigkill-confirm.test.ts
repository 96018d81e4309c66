import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Money, PROVISION_STATUS, type ProvisionFollowUpDetail } from '@planpiso/domain';
import { provisionUnits, provisions } from '../src/db/schema/financing';
import { json } from './harness';
import { get, post, randomVin, releaseLine, saveBody, unit } from './provision-fixtures';
import { FAULT_LINE, expectReservationsExact, postAndKill, retryAfterLease, useFaultBench } from './support/fault-kill';

/**
 * Fault suite (issue 27): an API process SIGKILLed while the lender confirms (Confirmar, status 3 → 4) a provision of
 * UNITS units, one in ten left out, at each observed moment of the request's life in turn (support/fault-kill.ts),
 * FAULT_RUNS times (5 in CI; FAULT_RUNS=50 for the long run). After each kill the provision is confirmed wholly (status, total of the kept units, the
 * balances' snapshot, the left-out units back in review, one audit row) or untouched; the line's reserved amount
 * equals the sum of its open provisions; and the retry the client makes with the same Idempotency-Key (on another
 * process, after the dead claim's lease) answers 200 with the confirmed provision, the confirmation made once.
 */
const RUNS = Number(process.env.FAULT_RUNS ?? 5);
const UNITS = Number(process.env.FAULT_UNITS ?? 200);
const bench = useFaultBench('fault_confirm', RUNS, 2);

/** A provision of UNITS units of 1.00 at Validación (3), its units' four checks passed (as provisions-lender does). */
async function provisionInValidation(description: string): Promise<ProvisionFollowUpDetail> {
  const { t, db, group } = bench;
  t.clock.set(new Date());
  const units = Array.from({ length: UNITS }, () => unit(randomVin(), '1.00'));
  const body = saveBody(group, FAULT_LINE, units, Money.of(UNITS).toDecimalString(), { description });
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

/** The provision as stored, with its units' flags and its confirm audit rows. */
async function stored(id: number) {
  const { db } = bench;
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
    if (!kept.has(u.id)) expect(u.reviewBy).toBe(bench.group.dealer.id);
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
      const { group } = bench;
      const outcomes = { confirmedBeforeKill: 0, untouchedAfterKill: 0 };
      for (let run = 0; run < RUNS; run++) {
        await releaseLine(bench.db.db, FAULT_LINE);
        const detail = await provisionInValidation(`Confirmar ${run} ${randomUUID().slice(0, 8)}`);
        const id = detail.id;
        const units = detail.units.map((u, i) => ({ id: u.id, included: i % 10 !== 9 }));
        const kept = new Set(units.filter((u) => u.included).map((u) => u.id));
        const body = { status: PROVISION_STATUS.ACCEPTED, version: detail.version, units, useManualFolio: false };
        const key = randomUUID();
        await postAndKill(
          bench,
          run,
          { user: group.operator, path: `/api/provisions/${id}/confirm-reject`, body, key },
          async () => (await stored(id)).status === PROVISION_STATUS.ACCEPTED,
        );

        const afterKill = await stored(id);
        if (afterKill.status === PROVISION_STATUS.ACCEPTED) {
          outcomes.confirmedBeforeKill++;
          expectConfirmed(afterKill, kept);
        } else {
          outcomes.untouchedAfterKill++;
          expectUntouched(afterKill);
        }
        await expectReservationsExact(bench);

        // The retry with the same key (this test's process), once the dead claim's lease is over.
        const retry = await retryAfterLease(bench, () => retryOnce(id, body, key));
        expect(retry.status, JSON.stringify(retry.body)).toBe(200);
        expect((retry.body as { data: { id: number; status: number } }).data).toMatchObject({
          id,
          status: PROVISION_STATUS.ACCEPTED,
        });
        expectConfirmed(await stored(id), kept);
        await expectReservationsExact(bench);
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
  const response = await post(
    bench.t.app,
    bench.group.tokens.operator,
    `/api/provisions/${id}/confirm-reject`,
    body,
    key,
  );
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as unknown,
    replayed: response.headers['idempotent-replayed'],
  };
}
