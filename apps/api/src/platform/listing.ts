import { asc, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { BUSINESS_TIME_ZONE, COUNT_CAP, MESSAGES, parseSort } from '@planpiso/domain';
import type { Executor } from '../db/client';
import { badRequest } from './errors';

/**
 * Shared pieces of every paged list (ARCHITECTURE §4): the page window, the sort whitelist, "contains" text
 * filters and day filters on timestamps.
 */

/** The lender works in Mexico City time: a row created at 23:30 there belongs to that day, not the next. */
export { BUSINESS_TIME_ZONE };

export type Window = { limit: number; offset: number } | null;

/**
 * The rows of one page; null (no limit) when a look-up asks for everything (`all=true`). A searched picker's
 * `limit` (issue 15) takes the place of `pageSize`.
 */
export function pageWindow(query: { page: number; pageSize: number; all?: 'true' | 'false'; limit?: number }): Window {
  if (query.all === 'true') return null;
  const size = query.limit ?? query.pageSize;
  return { limit: size, offset: (query.page - 1) * size };
}

/**
 * ORDER BY for `field:asc|desc` over a whitelist of sortable fields, with the id as the last key so pages never
 * overlap. An unknown field is the caller's mistake (400), never SQL.
 */
export function orderBy(
  sort: string | undefined,
  fallback: string,
  fields: Record<string, AnyColumn | SQL>,
  id: AnyColumn,
): SQL[] {
  const { field, direction } = parseSort(sort, fallback);
  const column = Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (!column) throw badRequest(MESSAGES.sortInvalid);
  const by = direction === 'desc' ? desc : asc;
  return [by(column), by(id)];
}

/** The sort as `field:direction`, the default applied: it names what `orderBy` builds (a statement's shape key). */
export function sortKeyOf(sort: string | undefined, fallback: string): string {
  const { field, direction } = parseSort(sort, fallback);
  return `${field}:${direction}`;
}

/**
 * How text columns sort: case-insensitive and by code point, the same on every server whatever locale its
 * database was initialised with (a list must not reorder between a laptop and production).
 */
export const textKey = (column: AnyColumn | SQL) => sql`lower(${column}) collate "C"`;

/** An ILIKE pattern that matches `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The day as the screens receive it: YYYY-MM-DD (ARCHITECTURE §4). */
export const dayText = (column: AnyColumn) =>
  sql<string>`to_char(timezone(${BUSINESS_TIME_ZONE}, ${column}), 'YYYY-MM-DD')`;

/** Midnight (Mexico City) starting a YYYY-MM-DD day, as a timestamptz. */
export const startOfDay = (day: string) => sql`((${day}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
/** Midnight (Mexico City) after a YYYY-MM-DD day: the exclusive end of that day. */
export const startOfNextDay = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/**
 * `from`/`to` (YYYY-MM-DD, both inclusive, Mexico City days) on a timestamp column, as the range
 * `[midnight of from, midnight after to)`: the bare column is compared, so a (…, created_at) index serves the filter,
 * where converting each row's timestamp to a day would read them all. The bounds are constants for the query, and
 * `at time zone` follows the zone's rules on that date (Mexico City dropped daylight saving in 2022).
 */
export function withinDays(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${startOfDay(from)}`);
  if (to) conditions.push(sql`${column} < ${startOfNextDay(to)}`);
  return conditions;
}

/** The `{ items, total }` every paged list answers with; `totalIsEstimate` when the total is the planner's guess. */
export type Page<T> = { items: T[]; total: number; totalIsEstimate?: true };

export type Counted = { total: number; totalIsEstimate?: true };

/**
 * Past this many estimated rows a list that asks for it (`estimateFirst`) answers the planner's estimate without
 * counting (decision 028): twice the cap, so an estimate off by half still lands past the cap.
 */
export const ESTIMATE_FIRST_THRESHOLD = 2 * COUNT_CAP;

/**
 * The lender's lists (types 1–3: the accounts its scope reaches, a status range) answer the planner's estimate
 * without counting from this many rows (decision 050). Their WHERE is estimated from statistics (the operated accounts
 * through account_operators, the status and the filters' columns; not a search on a text pattern, which keeps the
 * count): on the large data set the estimate was within 0.85–1.13 of the actual rows for every one of its 81
 * operators, so an estimate of 1.5 times the cap means more than the cap. The count of the cap's 10,001 index entries
 * was most of a lender's page's database work, and its answer was that same estimate.
 */
export const LENDER_ESTIMATE_FROM = (3 * COUNT_CAP) / 2;

/**
 * How long the planner's estimate of one statement (its text and parameters) is reused (decision 050): it moves only
 * when ANALYZE (autovacuum) renews the table's statistics, and a total it gives is flagged as an estimate anyway.
 * One round trip fewer on every page of a long list.
 */
const ESTIMATE_TTL_MS = 10_000;
const ESTIMATES_KEPT = 1_000;

/**
 * Values kept `ttlMs` per database handle and key, at most `size` per handle (the oldest out first): two apps in one
 * process (tests) on different databases never share one. The planner's estimates here, large totals in
 * list-statements.ts (decision 088).
 */
export function keptPerDatabase<T>(ttlMs: number, size: number) {
  const kept = new WeakMap<object, Map<string, { value: T; at: number }>>();
  return {
    get(db: object, key: string): T | undefined {
      const found = kept.get(db)?.get(key);
      return found && Date.now() - found.at < ttlMs ? found.value : undefined;
    },
    set(db: object, key: string, value: T): void {
      let values = kept.get(db);
      if (!values) kept.set(db, (values = new Map()));
      values.delete(key);
      // A Map iterates in insertion order.
      if (values.size >= size) values.delete(values.keys().next().value!);
      values.set(key, { value, at: Date.now() });
    },
  };
}

const estimates = keptPerDatabase<number>(ESTIMATE_TTL_MS, ESTIMATES_KEPT);
const renderer = new PgDialect();

/**
 * The planner's estimate of the rows `rows` returns (EXPLAIN without ANALYZE: planned, not run), reused a few seconds.
 * `key` names the statement and its values when the caller knows them (a list of one shape, `statementOfShape`): the
 * statement is then not rendered to text just to find its estimate.
 */
export async function estimateRows(db: Executor, rows: SQLWrapper, key?: string): Promise<number> {
  if (key === undefined) {
    const query = renderer.sqlToQuery(rows.getSQL());
    key = `${query.sql}\u0000${JSON.stringify(query.params)}`;
  }
  const known = estimates.get(db, key);
  if (known !== undefined) return known;
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) ${rows}`,
  );
  const estimate = Math.round(Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
  estimates.set(db, key, estimate);
  return estimate;
}

/**
 * The total of a list without reading the whole table on every page (issue 15): the rows are counted up to
 * `cap + 1`, so below the cap the total is exact; past it the planner's estimate of the query's rows is returned
 * (never less than the cap) and flagged, and the grid shows "más de 10,000". `rows` is the list's query without
 * ORDER BY or LIMIT, selecting as little as possible (a constant is enough).
 *
 * `estimateFirst` (decision 028): ask the planner first, and when it expects at least ESTIMATE_FIRST_THRESHOLD
 * rows answer that estimate without counting — counting the cap's 10,001 rows cost more than the rest of a page.
 * Only for a WHERE the planner estimates from statistics (equalities, ranges, the scope's columns): a correlated
 * subquery it guesses at one half of the table, which would call a list of 50 rows "más de 10,000".
 */
export async function countWithCap(
  db: Executor,
  rows: SQLWrapper,
  {
    cap = COUNT_CAP,
    estimateFirst = false,
    key,
  }: { cap?: number; estimateFirst?: boolean; /** As estimateRows' `key`. */ key?: string } = {},
): Promise<Counted> {
  if (estimateFirst) {
    const estimate = await estimateRows(db, rows, key);
    if (estimate >= Math.max(ESTIMATE_FIRST_THRESHOLD, 2 * cap)) return { total: estimate, totalIsEstimate: true };
  }
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${rows} limit ${cap + 1}) as capped`,
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  if (n <= cap) return { total: n };
  return { total: Math.max(await estimateRows(db, rows, key), cap + 1), totalIsEstimate: true };
}

/** A list query as drizzle builds it: awaited whole, or cut to a window. */
type Windowable<T> = { limit(n: number): { offset(n: number): PromiseLike<T[]> } } & PromiseLike<T[]>;

/** The rows of `window` (all of them for a look-up's null window). */
export async function windowed<T>(rows: Windowable<T>, window: Window): Promise<T[]> {
  return window ? rows.limit(window.limit).offset(window.offset) : rows;
}

/** A page and its exact total: `counting` selects `{ n: count() }` over the same FROM and WHERE (run after the page). */
export async function pageWithCount<T>(
  rows: Windowable<T>,
  window: Window,
  counting: PromiseLike<{ n: number }[]>,
): Promise<{ rows: T[]; total: number }> {
  const page = await windowed(rows, window);
  const [counted] = await counting;
  return { rows: page, total: counted?.n ?? 0 };
}

/**
 * A short list's page and its capped total: `rows` is the ordered list query, `counting` the same FROM and WHERE
 * selecting a constant (as countWithCap wants it).
 */
export async function pageWithTotal<T>(
  db: Executor,
  rows: Windowable<T>,
  counting: SQLWrapper,
  window: Window,
): Promise<{ rows: T[] } & Counted> {
  const page = await windowed(rows, window);
  return { rows: page, ...(await countWithCap(db, counting)) };
}
