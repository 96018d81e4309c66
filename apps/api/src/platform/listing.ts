import { createHash } from 'node:crypto';
import { asc, desc, inArray, sql, type AnyColumn, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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
 * How long the planner's estimate of one statement (its text and parameters) is reused (decision 050): it moves only
 * when ANALYZE (autovacuum) renews the table's statistics, and a total it gives is flagged as an estimate anyway.
 * One round trip fewer on every page of a long list.
 */
const ESTIMATE_TTL_MS = 10_000;
const ESTIMATES_KEPT = 1_000;
/** Per database handle: two apps in one process (tests) on different databases never share an estimate. */
const estimatesOf = new WeakMap<object, Map<string, { rows: number; at: number }>>();
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
  const now = Date.now();
  let estimates = estimatesOf.get(db);
  if (!estimates) estimatesOf.set(db, (estimates = new Map()));
  const known = estimates.get(key);
  if (known && now - known.at < ESTIMATE_TTL_MS) return known.rows;
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) ${rows}`,
  );
  const estimate = Math.round(Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
  estimates.delete(key);
  // Oldest first out: a Map iterates in insertion order.
  if (estimates.size >= ESTIMATES_KEPT) estimates.delete(estimates.keys().next().value!);
  estimates.set(key, { rows: estimate, at: now });
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

/** Statements built once per database handle and list shape (decision 052); a transaction's go with it. */
const shapesOf = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement of one list shape, built by `build` the first time and kept for the life of the handle (decision
 * 052). Building and rendering a drizzle query to text was a sixth of the API's CPU on a list request; a shape whose
 * values are all placeholders is rendered once. `key` must name everything the text depends on (the scope's kind,
 * the filters present, the sort): the keys come from the code's own whitelists, so they are few.
 */
export function statementOfShape<Statement>(db: Executor, key: string, build: () => Statement): Statement {
  let shapes = shapesOf.get(db);
  if (!shapes) shapesOf.set(db, (shapes = new Map()));
  let statement = shapes.get(key) as Statement | undefined;
  if (statement === undefined) shapes.set(key, (statement = build()));
  return statement;
}

/** The name `executeNamed` gives a statement: a hash of its text, so two different texts never share one. */
export const statementName = (text: string) =>
  `q_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;

/**
 * One page of a long list in two steps (decision 025): the page's ids from `table` alone, in the sort's index order —
 * a skipped row costs an index entry, not the joins that name it — then `rowsOf(ids)` with their names, returned in
 * the page's order, and the (capped) total of `where`.
 */
export async function pageByIds<Row extends { id: number }>(
  db: Executor,
  list: { table: PgTable; id: PgColumn; where: SQL; order: SQL[]; window: NonNullable<Window> },
  rowsOf: (ids: number[]) => Promise<Row[]>,
): Promise<{ rows: Row[] } & Counted> {
  const page = await db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.order)
    .limit(list.window.limit)
    .offset(list.window.offset);
  const ids = page.map((row) => row.id as number);
  const byId = new Map((ids.length === 0 ? [] : await rowsOf(ids)).map((row) => [row.id, row]));
  const counted = await countWithCap(
    db,
    db
      .select({ one: sql`1` })
      .from(list.table)
      .where(list.where),
  );
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), ...counted };
}

/** A select query builder: its text, and the same query as a named prepared statement. */
export type PreparableRows<Row> = PromiseLike<Row[]> & {
  toSQL(): { sql: string };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
};

/**
 * Runs `query` as a named statement whose name is a hash of its text (decision 050): each pooled connection parses
 * and plans it once per shape (scope kind, filters present, sort), and PostgreSQL keeps a generic plan once it costs
 * no more than the custom ones — planning the list's statement was more of the database's work than running it. The
 * text is the same for every caller of a shape (every value is a parameter), so the names are few; two different
 * texts never share a name.
 */
export function executeNamed<Row>(query: PreparableRows<Row>): Promise<Row[]> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}

/**
 * The same page as `pageByIds` in ONE statement (decision 050): the page's ids are a subquery on `table` alone in
 * the sort's index order (skipped rows still cost an index entry, not the joins), the rows with their names are read
 * for those ids, and the capped count rides along as an uncorrelated scalar subquery (planned as an InitPlan, run
 * once). On a list at scale each round trip to PostgreSQL cost more of the API's CPU than the SQL itself
 * (a socket write and a wake-up per statement), so two statements fewer per page is most of a request's work.
 *
 * `rowsOf(inPage, extra)` selects the rows with `...extra` among its columns, `.where(inPage)` and
 * `.orderBy(...order)` (the list's own order, the id last: the page comes back in the page's order).
 * `prepared`: see below. `estimateFirst` as in `countWithCap`, with its threshold (`estimateFrom`, default ESTIMATE_FIRST_THRESHOLD): when
 * the planner expects at least that many rows, its estimate is the total and nothing is counted.
 * A page past the end (no rows, so no count rode along) counts on its own, as before.
 */
export async function pageInOneStatement<Row extends { id: number }>(
  db: Executor,
  list: {
    table: PgTable;
    id: PgColumn;
    where: SQL;
    order: SQL[];
    window: NonNullable<Window>;
    estimateFirst?: boolean;
    estimateFrom?: number;
    /**
     * Run as a named statement (`executeNamed`): only where one plan suits every caller of the shape. Where the rows
     * a caller reaches vary by orders of magnitude behind a subquery (a lender's operated accounts), PostgreSQL's
     * generic plan, costed for an average caller, sorted a large operator's 20,000 rows on every page: those plan
     * with their values, on every request.
     */
    prepared?: boolean;
  },
  rowsOf: (inPage: SQL, extra: { pageTotal?: SQL<number> }) => PreparableRows<Row & { pageTotal?: number }>,
): Promise<{ rows: Row[] } & Counted> {
  const countable = countableOf(db, list.table, list.where);
  const estimated = list.estimateFirst ? await estimatedPast(db, countable, list.estimateFrom) : undefined;
  const query = pageQuery(db, list, list.window, !estimated, rowsOf);
  const found = list.prepared ? await executeNamed(query) : await query;
  return withTotal(db, found, estimated, () => countable);
}

/** The rows of `table` under `where`, selecting a constant: what a total counts or the planner estimates. */
const countableOf = (db: Executor, table: PgTable, where: SQL) =>
  db
    .select({ one: sql`1` })
    .from(table)
    .where(where);

/** `estimateFirst`: the planner's estimate as the total when it expects at least `from` rows (never the cap or less). */
async function estimatedPast(
  db: Executor,
  countable: SQLWrapper,
  from = ESTIMATE_FIRST_THRESHOLD,
  key?: string,
): Promise<Counted | undefined> {
  const estimate = await estimateRows(db, countable, key);
  return estimate >= Math.max(from, COUNT_CAP + 1) ? { total: estimate, totalIsEstimate: true } : undefined;
}

/**
 * The page's rows with their names (`rowsOf`) for the page's ids — a subquery on `table` alone in the sort's index
 * order — and, with `counted`, the capped count riding along as an uncorrelated scalar subquery. `window` holds
 * values or placeholders.
 */
function pageQuery<Row>(
  db: Executor,
  list: { table: PgTable; id: PgColumn; where: SQL; order: SQL[] },
  window: { limit: number | Placeholder; offset: number | Placeholder },
  counted: boolean,
  rowsOf: (inPage: SQL, extra: { pageTotal?: SQL<number> }) => PreparableRows<Row>,
): PreparableRows<Row> {
  const pageIds = db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.order)
    .limit(window.limit)
    .offset(window.offset);
  // The cap is a constant of the code, written in: the planner of a generic plan then knows how many rows it reads.
  const pageTotal = sql<number>`(select count(*)::int from (${countableOf(db, list.table, list.where)} limit ${sql.raw(String(COUNT_CAP + 1))}) as capped)`;
  return rowsOf(inArray(list.id, pageIds), counted ? { pageTotal: pageTotal.mapWith(Number) } : {});
}

/**
 * The page and its total: the estimate when there is one; else the count that rode along, exact up to the cap and the
 * planner's estimate past it; a page past the end (no row, so no count rode along) counts on its own.
 */
async function withTotal<Row>(
  db: Executor,
  found: (Row & { pageTotal?: number })[],
  estimated: Counted | undefined,
  countable: () => SQLWrapper,
  key?: string,
): Promise<{ rows: Row[] } & Counted> {
  const rows = found.map(({ pageTotal: _total, ...row }) => row as unknown as Row);
  if (estimated) return { rows, ...estimated };
  if (found.length === 0) return { rows, ...(await countWithCap(db, countable(), { key })) };
  const n = Number(found[0]!.pageTotal ?? 0);
  if (n <= COUNT_CAP) return { rows, total: n };
  return { rows, total: Math.max(await estimateRows(db, countable(), key), COUNT_CAP + 1), totalIsEstimate: true };
}

/**
 * `pageInOneStatement` for a list shape whose values are all placeholders (decision 052): the statement is built and
 * rendered once per shape (`key`) and prepared by name, so a request binds `values` and the window and runs it. `where`
 * holds the placeholders; `valuedWhere` is the same condition with the values written in, built only when the
 * planner's estimate or a lone count is needed (EXPLAIN plans text, not a prepared statement's parameters).
 *
 * `plannedPerCaller`: the statement is rendered once but left unnamed, so PostgreSQL plans it with each request's values.
 * For a scope whose reach differs by orders of magnitude between callers (a lender's operated accounts): a named
 * statement's generic plan assumed a handful of accounts and sorted a large operator's 21,000 rows on every page
 * (EXPLAIN in decision 052), where the custom plan reads 20 index entries.
 */
export async function pageOfShape<Row extends { id: number }>(
  db: Executor,
  list: {
    key: string;
    table: PgTable;
    id: PgColumn;
    where: SQL;
    valuedWhere: () => SQL;
    values: Record<string, unknown>;
    order: SQL[];
    window: NonNullable<Window>;
    estimateFirst?: boolean;
    estimateFrom?: number;
    plannedPerCaller?: boolean;
  },
  rowsOf: (inPage: SQL, extra: { pageTotal?: SQL<number> }) => PreparableRows<Row & { pageTotal?: number }>,
): Promise<{ rows: Row[] } & Counted> {
  const valuesKey = `${list.key}\u0000${JSON.stringify(list.values)}`;
  const countable = () => countableOf(db, list.table, list.valuedWhere());
  const estimated = list.estimateFirst ? await estimatedPast(db, countable(), list.estimateFrom, valuesKey) : undefined;
  const statement = statementOfShape(db, `${list.key}:${estimated ? 'estimated' : 'counted'}`, () => {
    const window = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    const query = pageQuery(db, list, window, !estimated, rowsOf);
    // Rendered once either way; the empty name is PostgreSQL's unnamed statement, planned with each execution's values.
    return query.prepare(list.plannedPerCaller ? '' : statementName(query.toSQL().sql));
  });
  const found = await statement.execute({ ...list.values, ...list.window });
  return withTotal(db, found, estimated, countable, valuesKey);
}
