import { z } from 'zod';
import { envelope, isoDate, pageQuery, paged } from './common';
import { searchText, textSchema } from './inputs';

// Reports (spec 2 "Provisions statistics", spec 3 §7 "Reports and other"): the customers assigned to a user, the
// provisions statistics (graph and table, and the same as a landscape PDF) and the history of VIN validations.

const clientKey = textSchema(50, { min: 1 });

/** A customer option (spec 2 §3): a company of an account assigned to the user, with its legal representative. */
export const customerOption = z.object({
  accountId: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  clientId: z.string().nullable(),
  legal: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }).nullable(),
});
export type CustomerOption = z.infer<typeof customerOption>;
export const customerOptionsResponse = envelope(z.array(customerOption));

export const statisticsQuery = z.object({
  clientId: clientKey,
  creditLine: searchText(50),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

export const statisticsResponse = envelope(
  z.object({
    customer: z.object({ name: z.string(), legalName: z.string().nullable(), clientId: z.string() }),
    categories: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
    rows: z.array(
      z.object({
        month: z.string(),
        label: z.string(),
        count: z.number().int(),
        total: z.number(),
        average: z.number(),
      }),
    ),
  }),
);
export type StatisticsResponse = z.infer<typeof statisticsResponse>['data'];

export const statisticsLinesQuery = z.object({ clientId: clientKey });
export const statisticsLinesResponse = envelope(z.array(z.object({ creditLine: z.string(), typeLine: z.string() })));

export const historicalValidationsQuery = pageQuery.extend({
  vin: searchText(23),
  check: z.coerce.number().int().min(1).max(4).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type HistoricalValidationsQuery = z.infer<typeof historicalValidationsQuery>;
export const HISTORICAL_VALIDATIONS_DEFAULT_SORT = 'validatedAt:desc';

/** One verdict: who asked ('Sistema' for the periodic job), when, which check, what it said. */
export const historicalValidation = z.object({
  id: z.number().int(),
  vin: z.string(),
  check: z.number().int(),
  checkLabel: z.string(),
  valid: z.boolean(),
  reason: z.string(),
  requestedBy: z.string(),
  /** dd/MM/yyyy HH:mm, Mexico City. */
  validatedAt: z.string(),
});
export type HistoricalValidation = z.infer<typeof historicalValidation>;
export const historicalValidationsResponse = paged(historicalValidation);
