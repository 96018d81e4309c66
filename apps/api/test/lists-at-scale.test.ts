import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userListResponse, type UserResponse } from '@planpiso/domain';
import { users } from '../src/db/schema/users';
import { countWithCap } from '../src/platform/listing';
import { transaction } from '../src/platform/transaction';
import { bearer, createOrganisation, createUser, json, signIn } from './harness';
import { sharedApp } from './support/shared-app';

// Issue 15: day filters as timestamp ranges in Mexico City time, and totals that stop counting at a cap.
const t = await sharedApp();
const { app, db } = t;

const superUser = await createUser(db, 1);
const token = await signIn(app, superUser.email);

/** Users with one marker in their e-mails (files share the database), each created at the given instant. */
async function usersCreatedAt(instants: string[]) {
  const marker = `dia${randomUUID().slice(0, 8)}`;
  for (const [i, at] of instants.entries()) {
    const user = await createUser(db, 2, { email: `${marker}-${i}@prueba.planpiso.mx` });
    await db
      .update(users)
      .set({ createdAt: new Date(at) })
      .where(eq(users.id, user.id));
  }
  return marker;
}

async function listed(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/users?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  const body = json<{ data: { items: UserResponse[]; total: number; totalIsEstimate?: true } }>(response);
  expect(userListResponse.safeParse(body).success).toBe(true);
  return body.data;
}

describe('day filters (Mexico City days, UTC-6 since 2022)', () => {
  it('takes the whole end day up to 23:59 and nothing of the next; the start day from 00:00', async () => {
    const marker = await usersCreatedAt([
      '2026-03-09T05:59:00Z', // 23:59 on 8 March there: before the range
      '2026-03-09T06:00:00Z', // 00:00 on 9 March: the range's first minute
      '2026-03-11T05:59:00Z', // 23:59 on 10 March: the range's last minute
      '2026-03-11T06:00:00Z', // 00:00 on 11 March: after the range
    ]);
    const page = await listed(`email=${marker}&from=2026-03-09&to=2026-03-10&sort=email:asc`);
    expect(page.items.map((u) => u.email)).toEqual([
      `${marker}-1@prueba.planpiso.mx`,
      `${marker}-2@prueba.planpiso.mx`,
    ]);
    expect(page.total).toBe(2);
    expect(page.totalIsEstimate).toBeUndefined();
    // Each row still shows its Mexico City day.
    expect(page.items.map((u) => u.createdAt)).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('one day alone (from = to) is that day’s 24 hours', async () => {
    const marker = await usersCreatedAt(['2026-03-10T05:59:00Z', '2026-03-10T06:00:00Z', '2026-03-11T05:59:59Z']);
    const page = await listed(`email=${marker}&from=2026-03-10&to=2026-03-10`);
    expect(page.total).toBe(2);
    expect(page.items.map((u) => u.createdAt)).toEqual(['2026-03-10', '2026-03-10']);
  });
});

describe('capped totals', () => {
  // A table of its own inside one transaction: other files' rows cannot change the numbers.
  async function withRows<T>(
    n: number,
    run: (count: (cap: number, options?: { estimateFirst: boolean }) => ReturnType<typeof countWithCap>) => Promise<T>,
  ) {
    return transaction(db, async (tx) => {
      await tx.execute(sql`create temporary table capped_rows on commit drop as select generate_series(1, ${n}) as n`);
      await tx.execute(sql`analyze capped_rows`);
      return run((cap, options) => countWithCap(tx, sql`select 1 from capped_rows where n > 0`, { cap, ...options }));
    });
  }

  it('is exact up to the cap, with no estimate flag', async () => {
    await withRows(50, async (count) => {
      expect(await count(50)).toEqual({ total: 50 });
      expect(await count(10_000)).toEqual({ total: 50 });
    });
  });

  it('past the cap answers the planner’s estimate, never below the cap, and flags it', async () => {
    await withRows(5_000, async (count) => {
      const counted = await count(100);
      expect(counted.totalIsEstimate).toBe(true);
      expect(counted.total).toBeGreaterThan(100);
      // Analyzed: the estimate is the table's size, give or take.
      expect(counted.total).toBeGreaterThan(2_500);
      expect(counted.total).toBeLessThan(10_000);
    });
  });

  it('asked to estimate first, answers the estimate when it is at least twice the cap, and counts below that', async () => {
    await withRows(5_000, async (count) => {
      const estimated = await count(100, { estimateFirst: true });
      expect(estimated.totalIsEstimate).toBe(true);
      expect(estimated.total).toBeGreaterThan(2_500);
      expect(estimated.total).toBeLessThan(10_000);
      // 5,000 rows are fewer than twice a cap of 10,000: counted, exact.
      expect(await count(10_000, { estimateFirst: true })).toEqual({ total: 5_000 });
      // Past the cap but short of twice it: counted up to the cap, then the estimate.
      const between = await count(3_000, { estimateFirst: true });
      expect(between.totalIsEstimate).toBe(true);
      expect(between.total).toBeGreaterThan(3_000);
    });
  });

  it('the users list says when its total is an estimate', async () => {
    const page = await listed('pageSize=10');
    // The shared test database holds far fewer than 10,000 users: the total is exact.
    expect(page.totalIsEstimate).toBeUndefined();
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
  });
});

describe('searched pickers (?q=&limit=)', () => {
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ data: { items: { id: number; name: string }[]; total: number } }>(response).data;
  };

  it('accounts and branches match the name anywhere, case-insensitively, and take `limit` rows per page', async () => {
    const first = await createOrganisation(db);
    const second = await createOrganisation(db);
    const tags = [first, second].map((o) => o.account.name.slice('Cuenta '.length));

    const one = await get(`/api/accounts?q=${tags[0]!.toUpperCase()}&limit=20`);
    expect(one.items.map((a) => a.id)).toEqual([first.account.id]);
    expect(one.total).toBe(1);

    const branch = await get(`/api/agencies?q=${encodeURIComponent(`sucursal ${tags[1]}`)}&limit=5`);
    expect(branch.items.map((a) => a.id)).toEqual([second.agency.id]);

    // `limit` replaces pageSize; `page` still pages.
    const page1 = await get('/api/accounts?limit=1');
    const page2 = await get('/api/accounts?limit=1&page=2');
    expect(page1.items).toHaveLength(1);
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id);
    expect(page1.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a limit past 50', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/roles?q=a&limit=51', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
  });
});
