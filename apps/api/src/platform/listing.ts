import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, MESSAGES, parseSort } from '@planpiso/domain';
import { AppError } from './errors';

/**
 * Shared pieces of every paged list (ARCHITECTURE §4): the page window, the sort whitelist, "contains" text
 * filters and day filters on timestamps.
 */

/** The lender works in Mexico City time: a row created at 23:30 there belongs to that day, not the next. */
export { BUSINESS_TIME_ZONE };

export type Window = { limit: number; offset: number } | null;

/** The rows of one page; null (no limit) when a look-up asks for everything (`all=true`). */
export function pageWindow(query: { page: number; pageSize: number; all?: 'true' | 'false' }): Window {
  if (query.all === 'true') return null;
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
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
  if (!column) throw new AppError('BAD_REQUEST', 400, MESSAGES.sortInvalid);
  const by = direction === 'desc' ? desc : asc;
  return [by(column), by(id)];
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

/** The calendar day (Mexico City) of a timestamp column. */
export const dayOf = (column: AnyColumn) => sql`(timezone(${BUSINESS_TIME_ZONE}, ${column}))::date`;

/** The day as the screens receive it: YYYY-MM-DD (ARCHITECTURE §4). */
export const dayText = (column: AnyColumn) =>
  sql<string>`to_char(timezone(${BUSINESS_TIME_ZONE}, ${column}), 'YYYY-MM-DD')`;

/** `from`/`to` (YYYY-MM-DD, both inclusive) on a timestamp column. */
export function withinDays(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${dayOf(column)} >= ${from}::date`);
  if (to) conditions.push(sql`${dayOf(column)} <= ${to}::date`);
  return conditions;
}

/** The `{ items, total }` every paged list answers with. */
export type Page<T> = { items: T[]; total: number };
