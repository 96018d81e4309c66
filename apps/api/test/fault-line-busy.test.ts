import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINANCING_MESSAGES } from '@planpiso/domain';
import { bearer, createUser, signIn } from './harness';
import { randomVin, releaseLine, saveBody, unit } from './provision-fixtures';
import { financingApp } from './support/financing-app';

/**
 * Fault suite (issue 27 item 12): one credit line held for long (here: a transaction of the test holding its row
 * lock, as a 10,000-unit save holds it) must not take the pool from unrelated work. 30 creates on that line and 30
 * list reads from other users at once, on an API with the production pool (10 connections): no 500 anywhere, every
 * read 200, /api/ready 200 meanwhile, the creates either 409 CREDIT_LINE_BUSY (their wait is bounded) or created;
 * and once the line is free, creates go through again.
 */
const LINE = 'LC-10006-01';

// The production pool: 10 connections, 5 s to get one (db/client.ts defaults).
const { t, seeded, db, groups } = await financingApp('fault_line_busy', { clients: ['10006'], productionPool: true });
const [group] = groups;
await releaseLine(db, LINE);
// Other users: lender staff (type 1) and another group's dealer, each listing provisions.
const others = [await createUser(db, 1), await createUser(db, 2)];
const readers = await Promise.all(others.map((user) => signIn(t.app, user.email)));

beforeAll(async () => {
  // The line's row exists once a create has read it from the CRM.
  const first = await create();
  expect(first.status).toBe(201);
}, 180_000);

type Answer = { status: number; code?: string; message?: string; body: string };

async function answer(response: { statusCode: number; body: string }): Promise<Answer> {
  const parsed = JSON.parse(response.body) as { code?: string; message?: string };
  return { status: response.statusCode, code: parsed.code, message: parsed.message, body: response.body };
}

const create = async () =>
  answer(
    await t.app.inject({
      method: 'POST',
      url: '/api/provisions',
      payload: saveBody(group, LINE, [unit(randomVin(), '100.00')], '100.00') as object,
      headers: bearer(group.tokens.dealer),
    }),
  );

const read = async (token: string) =>
  answer(await t.app.inject({ method: 'GET', url: '/api/provisions?page=1&pageSize=10', headers: bearer(token) }));

const ready = async () => answer(await t.app.inject({ method: 'GET', url: '/api/ready' }));

describe('a credit line held for long', () => {
  it('30 creates on it and 30 reads elsewhere: no 500, reads 200, creates busy or created, ready 200', async () => {
    // The "big save": a transaction holding the line's row lock, on a connection outside the API's pool.
    const holder = new pg.Client({ connectionString: seeded.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from credit_lines where crm_line_id = $1 for update', [LINE]);

    const creates: Answer[] = [];
    let reads: Answer[];
    let readies: Answer[];
    let creating: Promise<unknown> | undefined;
    try {
      creating = Promise.all(Array.from({ length: 30 }, () => create().then((a) => creates.push(a))));
      const reading = Promise.all(Array.from({ length: 30 }, (_, i) => read(readers[i % readers.length]!)));
      const readying = Promise.all(Array.from({ length: 5 }, () => ready()));
      [reads, readies] = await Promise.all([reading, readying]);
      // Still held: the creates' wait is bounded, so they come back busy (wait for the first such answer, at most
      // 30 s, then let the line go so a create that waits without bound shows as missing 409s rather than a hang).
      const deadline = Date.now() + 30_000;
      while (!creates.some((a) => a.status === 409) && Date.now() < deadline) await sleep(50);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    await creating;

    const all = [...creates, ...reads, ...readies];
    expect(all.filter((a) => a.status >= 500).map((a) => a.body)).toEqual([]);
    expect(reads.map((a) => a.status)).toEqual(reads.map(() => 200));
    expect(readies.map((a) => a.status)).toEqual(readies.map(() => 200));
    for (const refused of creates.filter((a) => a.status !== 201)) {
      expect(refused).toMatchObject({
        status: 409,
        code: 'CREDIT_LINE_BUSY',
        message: FINANCING_MESSAGES.creditLineBusy,
      });
    }
    // Held past a create's bounded wait: refused while the line was busy, the rest created once it was free.
    expect(creates).toHaveLength(30);
    expect(creates.filter((a) => a.status === 409).length).toBeGreaterThan(0);

    // Free again: creates go through.
    const after = await Promise.all(Array.from({ length: 3 }, () => create()));
    expect(after.map((a) => a.status)).toEqual([201, 201, 201]);
  }, 120_000);
});
