import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../limits';

/** Every error answer: a stable code and the Spanish text the screen shows (ARCHITECTURE §4). */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Extra machine-readable detail, e.g. which sign-in failure this is. */
  reason: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** `{ data }` envelope, plus `message` when a screen shows the server's text. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'Tamaño de página no válido' })
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.]*:(asc|desc)$/, { message: 'Orden no válido' })
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  envelope(z.object({ items: z.array(item), total: z.number().int() }));

/** Dates travel as YYYY-MM-DD (ARCHITECTURE §4). */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Formato fecha incorrecto' });

export function parseSort(sort: string | undefined, fallback: string): { field: string; direction: 'asc' | 'desc' } {
  const [field, direction] = (sort ?? fallback).split(':');
  return { field: field!, direction: direction === 'desc' ? 'desc' : 'asc' };
}
