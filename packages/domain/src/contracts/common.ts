import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, LOOKUP_LIMIT_MAX, PAGE_SIZES, TEXT_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { INT4_MAX, idParam, searchText } from './inputs';

/** Every error answer: a stable code and the Spanish text the screen shows (ARCHITECTURE §4). */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Extra machine-readable detail, e.g. which sign-in failure this is. */
  reason: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** What an external system answered (503 EXTERNAL_API_ERROR), e.g. 'ConfiguracionClientesDispLinea 10001: ...'. */
  detail: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** `{ data }` envelope, plus `message` when a screen shows the server's text. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'Tamaño de página no válido' })
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.]*:(asc|desc)$/, { message: MESSAGES.sortInvalid })
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A unit's four checks (invoice, REPUVE, TransUnion, AX): true passed, false failed, null not run yet. */
export const unitChecks = () =>
  z.object({
    validInvoice: z.boolean().nullable(),
    validRepuve: z.boolean().nullable(),
    validTransunion: z.boolean().nullable(),
    validAx: z.boolean().nullable(),
  });

/** A list's folio filter: digits only (a folio is a bigint), or none. */
export const folioFilter = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,18}$/, { message: MESSAGES.badRequest })
    .optional();

/**
 * A page of a list. `total` is exact up to COUNT_CAP rows; past it the server answers its estimate and sets
 * `totalIsEstimate` (issue 15), which the grid shows as "más de 10,000".
 */
export const paged = <T extends z.ZodType>(item: T) =>
  envelope(z.object({ items: z.array(item), total: z.number().int(), totalIsEstimate: z.literal(true).optional() }));

/** The version of a row the screen read, sent back with a status change (docs/decisions/016). */
export const rowVersion = z.number({ error: MESSAGES.required }).int().positive().max(2_147_483_647);

/** `/:id` path parameters: a positive int4 in digits (anything else is 400, never a database error). */
export const idParams = z.object({ id: idParam() });
export type IdParams = z.infer<typeof idParams>;

/**
 * A searched picker's query (issue 15): `q` matches the name anywhere (case-insensitive), `limit` (1–50) takes that
 * many matches per page instead of `pageSize` (`page` still pages them). Filter bars ask `?q=&limit=20` as the user
 * types instead of downloading a whole list with `all=true`, which stays for existing callers.
 */
export const lookupSearch = z.object({
  q: searchText(TEXT_MAX),
  limit: z.coerce.number().int().min(1).max(LOOKUP_LIMIT_MAX).optional(),
});
export type LookupSearch = z.infer<typeof lookupSearch>;

/** `all=true` asks a look-up for every row at once (dropdowns); otherwise it is paged like any list. */
export const allFlag = z.enum(['true', 'false']).optional();

function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  // PostgreSQL has no year 0.
  return !Number.isNaN(time) && !value.startsWith('0000') && new Date(time).toISOString().slice(0, 10) === value;
}

/** Dates travel as YYYY-MM-DD (ARCHITECTURE §4). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Formato fecha incorrecto' })
  // 2026-02-30 has the shape but is no day: refuse it here rather than let the database fail on it.
  .refine(isCalendarDay, { message: 'Formato fecha incorrecto' });

export function parseSort(sort: string | undefined, fallback: string): { field: string; direction: 'asc' | 'desc' } {
  const [field, direction] = (sort ?? fallback).split(':');
  return { field: field!, direction: direction === 'desc' ? 'desc' : 'asc' };
}

/**
 * The columns that describe a vehicle, the same on a provision's unit and on a refinancing's (which copies them,
 * spec 3 §3). Spread into a unit's response shape.
 */
export const unitDescriptionShape = {
  vinNumber: z.string(),
  agency: z.string(),
  brandName: z.string(),
  type: z.string(),
  model: z.string(),
  description: z.string(),
  color: z.string(),
  insideColor: z.string(),
  motorNumber: z.string(),
};
