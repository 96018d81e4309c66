import { createHash } from 'node:crypto';
import { inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { COUNT_CAP, PAGE_SIZES } from '@planpiso/domain';
import type { Executor } from '../db/client';
import {
  ESTIMATE_FIRST_THRESHOLD,
  countWithCap,
  estimateRows,
  keptPerDatabase,
  type Counted,
  type Window,
} from './listing';

/*
 * The statements of the long lists (decisions 025, 050, 052): a page's ids from its table alone, its rows with their
 * names for those ids, and the capped total riding along, as one statement built and prepared once per list shape.
 * The window, sort and filter pieces they are made of are in listing.ts.
 */

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
  window: { limit: number | Placeholder; offset: number | Placeholder } | FirstPage,
  counted: boolean,
  rowsOf: (inPage: SQL, extra: { pageTotal?: SQL<number> }) => PreparableRows<Row>,
): PreparableRows<Row> {
  const ordered = db
    .select({ id: list.id })
    .from(list.table)
    .where(list.where)
    .orderBy(...list.order);
  const pageIds =
    'first' in window
      ? // drizzle renders a number as a parameter; the first page's size is written into the text instead.
        ordered.limit(sql.raw(String(window.first)) as unknown as number)
      : ordered.limit(window.limit).offset(window.offset);
  // The cap is a constant of the code, written in: the planner of a generic plan then knows how many rows it reads.
  const pageTotal = sql<number>`(select count(*)::int from (${countableOf(db, list.table, list.where)} limit ${sql.raw(String(COUNT_CAP + 1))}) as capped)`;
  return rowsOf(inArray(list.id, pageIds), counted ? { pageTotal: pageTotal.mapWith(Number) } : {});
}

/**
 * The page and its total: the one known without counting when there is one (the planner's estimate, a kept total);
 * else the count that rode along, exact up to the cap and the planner's estimate past it; a page past the end (no row,
 * so no count rode along) counts on its own.
 */
async function withTotal<Row>(
  db: Executor,
  found: (Row & { pageTotal?: number })[],
  known: Counted | undefined,
  countable: () => SQLWrapper,
  key?: string,
): Promise<{ rows: Row[] } & Counted> {
  const rows = found.map(({ pageTotal: _total, ...row }) => row as unknown as Row);
  if (known) return { rows, ...known };
  if (found.length === 0) return { rows, ...(await countWithCap(db, countable(), { key })) };
  const n = Number(found[0]!.pageTotal ?? 0);
  if (n <= COUNT_CAP) return { rows, total: n };
  return { rows, total: Math.max(await estimateRows(db, countable(), key), COUNT_CAP + 1), totalIsEstimate: true };
}

/**
 * A large exact total is kept a few seconds per list shape and values (decision 088): paging through a filter of
 * thousands of units, or the screen's refresh, would count the same thousands of index entries on every request
 * (the register's aging bucket 61–90: 9,323 units, ~3.7 ms of the database per page). Below `KEEP_TOTALS_FROM` a
 * total is counted every time, so a list of a few rows is always exact; a kept one is at most `TOTAL_TTL_MS` old. The
 * rows themselves are always read fresh.
 */
export const KEEP_TOTALS_FROM = 1_000;
export const TOTAL_TTL_MS = 5_000;
const totals = keptPerDatabase<number>(TOTAL_TTL_MS, 1_000);

function keptTotal(db: Executor, key: string): Counted | undefined {
  const total = totals.get(db, key);
  return total === undefined ? undefined : { total };
}

function keepTotal(db: Executor, key: string, { total, totalIsEstimate }: Counted): void {
  if (!totalIsEstimate && total >= KEEP_TOTALS_FROM) totals.set(db, key, total);
}

/** A first page of one of the sizes the screens offer, its size written into the statement's text. */
type FirstPage = { first: number };

/**
 * The first page's window as text (decision 087): a named statement whose LIMIT and OFFSET are parameters has a
 * generic plan that expects a tenth of the table (a hash join over every row: 50–200 ms on 200,000 financed units), so
 * PostgreSQL never chose it and planned every execution again (0.6–1.6 ms a request). With the page's size written
 * in and no offset, the generic plan reads the same index entries as a custom one and is kept. Deeper pages, rarer,
 * keep the parameters and are planned per execution; the page sizes are the screens' few (PAGE_SIZES).
 */
function firstPageOf(window: NonNullable<Window>): FirstPage | undefined {
  return window.offset === 0 && (PAGE_SIZES as readonly number[]).includes(window.limit)
    ? { first: window.limit }
    : undefined;
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
  const known =
    keptTotal(db, valuesKey) ??
    (list.estimateFirst ? await estimatedPast(db, countable(), list.estimateFrom, valuesKey) : undefined);
  const first = firstPageOf(list.window);
  const windowKey = first ? `first${first.first}` : 'window';
  const statement = statementOfShape(db, `${list.key}:${known ? 'uncounted' : 'counted'}:${windowKey}`, () => {
    const window = first ?? { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
    const query = pageQuery(db, list, window, !known, rowsOf);
    // Rendered once either way; the empty name is PostgreSQL's unnamed statement, planned with each execution's values.
    return query.prepare(list.plannedPerCaller ? '' : statementName(query.toSQL().sql));
  });
  const found = await statement.execute(first ? list.values : { ...list.values, ...list.window });
  const page = await withTotal(db, found, known, countable, valuesKey);
  if (!known) keepTotal(db, valuesKey, page);
  return page;
}
