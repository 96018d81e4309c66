import { randomUUID } from 'node:crypto';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEEP_TOTALS_FROM, TOTAL_TTL_MS, pageOfShape } from '../src/platform/list-statements';
import { slot } from '../src/modules/provisions/scope-shape';
import { testDb } from './harness';

/**
 * Decision 088: a list's exact total of at least KEEP_TOTALS_FROM rows is kept TOTAL_TTL_MS per shape and values,
 * so paging through thousands of rows counts them once; a smaller total is counted on every request, a kept one is
 * never another caller's (its values are part of the key), and the rows are always fresh.
 */
const db = testDb();
const name = `kept_totals_${randomUUID().slice(0, 8)}`;
const probe = pgTable(name, { id: serial('id').primaryKey(), owner: integer('owner').notNull() });

beforeAll(async () => {
  await db.execute(sql.raw(`create table ${name} (id serial primary key, owner integer not null)`));
  // Owner 1 has exactly the threshold; owner 2 one row fewer.
  await db.execute(
    sql.raw(
      `insert into ${name} (owner) select 1 from generate_series(1, ${KEEP_TOTALS_FROM}) union all ` +
        `select 2 from generate_series(1, ${KEEP_TOTALS_FROM - 1})`,
    ),
  );
});
afterAll(async () => {
  await db.execute(sql.raw(`drop table ${name}`));
});
afterEach(() => {
  vi.useRealTimers();
});

/** The probe's page of `owner`'s rows, as the register and the provisions list ask pageOfShape for theirs. */
const page = (owner: number, offset = 0) =>
  pageOfShape(
    db,
    {
      key: `probe:${name}`,
      table: probe,
      id: probe.id,
      where: eq(probe.owner, slot<number>('owner')),
      valuedWhere: () => eq(probe.owner, owner),
      values: { owner },
      order: [asc(probe.id)],
      window: { limit: 10, offset },
    },
    (inPage: SQL, extra) =>
      db
        .select({ id: probe.id, owner: probe.owner, ...extra })
        .from(probe)
        .where(inPage)
        .orderBy(asc(probe.id)),
  );

const addRow = (owner: number) => db.execute(sql.raw(`insert into ${name} (owner) values (${owner})`));

describe('a large total, kept a few seconds', () => {
  it('is counted once and kept for the next pages, then counted again when it is older than the limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await page(1);
    expect(first.total).toBe(KEEP_TOTALS_FROM);
    expect(first.totalIsEstimate).toBeUndefined();

    await addRow(1);
    // The next page within the limit: the kept total, and rows read fresh (the new row is on the last page).
    vi.setSystemTime(Date.now() + TOTAL_TTL_MS - 100);
    const second = await page(1, 10);
    expect(second.total).toBe(KEEP_TOTALS_FROM);
    expect(second.rows).toHaveLength(10);
    const last = await page(1, KEEP_TOTALS_FROM);
    expect(last.rows.map((row) => row.owner)).toEqual([1]);

    vi.setSystemTime(Date.now() + 200);
    expect((await page(1)).total).toBe(KEEP_TOTALS_FROM + 1);
  });

  it('below the threshold, is counted on every request', async () => {
    expect((await page(2)).total).toBe(KEEP_TOTALS_FROM - 1);
    await addRow(2);
    // Now at the threshold, counted again at once: a smaller total was never kept.
    expect((await page(2)).total).toBe(KEEP_TOTALS_FROM);
  });

  it('is never another caller’s: other values are counted on their own', async () => {
    await page(1);
    const other = await page(3);
    expect(other.total).toBe(0);
    expect(other.rows).toEqual([]);
  });
});
