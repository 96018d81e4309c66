import { z } from 'zod';
import { AGING_BUCKETS, type AgingBucket } from '../financing/aging';
import { envelope } from './common';

/**
 * GET /api/portfolio (issue 29 item 4): the lender's portfolio view over the units its scope reaches — amounts as
 * exact decimal strings, days YYYY-MM-DD in Mexico City. Every figure is over the units not yet Liquidada.
 */
const countAndAmount = z.object({ count: z.number().int(), amount: z.string() });
export type PortfolioFigure = z.infer<typeof countAndAmount>;

const windows = z.object({ in7Days: countAndAmount, in30Days: countAndAmount });

const utilisation = z.object({
  limit: z.string(),
  used: z.string(),
  available: z.string(),
  /** used / limit, percent with 2 decimals; null without a limit. */
  percent: z.string().nullable(),
});
export type PortfolioUtilisation = z.infer<typeof utilisation>;

const agingKeys = AGING_BUCKETS.map((b) => b.key) as [AgingBucket, ...AgingBucket[]];

export const portfolioView = z.object({
  /** The business day the figures are counted on. */
  today: z.string(),
  exposure: countAndAmount,
  /** The lines of the companies in scope: their authorised amounts against the exposure. */
  lines: utilisation,
  /** The groups with the largest exposure (the screen's; the XLSX has every company). */
  byGroup: z.array(countAndAmount.extend({ accountId: z.number().int(), accountName: z.string() })),
  /** The companies with the largest exposure, then those with a line and none (at most 50 on the screen). */
  byCompany: z.array(
    countAndAmount.extend({
      companyId: z.number().int(),
      companyName: z.string(),
      accountId: z.number().int(),
      accountName: z.string(),
      soldUnpaid: countAndAmount,
      soldOutOfTrust: countAndAmount,
      /** null when the company has no credit line known. */
      line: utilisation.nullable(),
    }),
  ),
  aging: z.array(countAndAmount.extend({ bucket: z.enum(agingKeys) })),
  /** The next curtailment by the term rule, in the windows (its share's amount). */
  curtailments: windows,
  /** The credits' end dates in the windows (the unit's balance). */
  maturities: windows,
  soldUnpaid: countAndAmount,
  soldOutOfTrust: countAndAmount,
  /**
   * Audits whose days include today, and the units not yet Liquidada that a closed lot audit found not located or sold
   * unpaid (each unit once, whatever the number of audits that found it).
   */
  audits: z.object({ open: z.number().int(), findings: z.number().int() }),
});
export type PortfolioView = z.infer<typeof portfolioView>;
export const portfolioViewResponse = envelope(portfolioView);

/** GET /api/portfolio/export: the same figures as an XLSX ('Cartera (DD-MM-YYYY).xlsx'). */

/**
 * GET /api/portfolio/dealer (issue 29 item 5, types 4 and 5): the dealer's own units by status, and what falls due
 * from today through the next 7 days — a curtailment by the term rule, a credit's end date, a sold unit's payoff.
 */
export const DEALER_DUE_KINDS = ['curtailment', 'maturity', 'payoff'] as const;
export type DealerDueKind = (typeof DEALER_DUE_KINDS)[number];
/** The due list shows at most this many (soonest first); the register has the rest. */
export const DEALER_DUE_LIST_MAX = 50;

export const dealerDueItem = z.object({
  id: z.number().int(),
  vin: z.string(),
  description: z.string(),
  companyName: z.string(),
  status: z.number().int(),
  daysFloored: z.number().int(),
  creditNumber: z.string().nullable(),
  kind: z.enum(DEALER_DUE_KINDS),
  date: z.string(),
  amount: z.string(),
});
export type DealerDueItem = z.infer<typeof dealerDueItem>;

export const dealerSummary = z.object({
  today: z.string(),
  byStatus: z.array(z.object({ status: z.number().int(), count: z.number().int(), amount: z.string() })),
  /** Days floored of the units not yet Liquidada: the average (whole days) and the oldest. */
  daysFloored: z.object({ average: z.number().int(), oldest: z.number().int() }),
  dueThisWeek: z.array(dealerDueItem),
  dueThisWeekTotal: z.number().int(),
});
export type DealerSummary = z.infer<typeof dealerSummary>;
export const dealerSummaryResponse = envelope(dealerSummary);

/**
 * GET /api/portfolio/units/:id/payoff-quote: the CRM's payoff quote for today. Without one (no credit number yet, a
 * credit the CRM does not know, the CRM not answering) `quote` is null and `notice` says why, in Spanish — as the
 * register's balance answers (GET /api/financed-units/:id/balance).
 */
export const unitPayoffQuote = z.object({
  id: z.number().int(),
  creditNumber: z.string().nullable(),
  date: z.string(),
  quote: z.object({ principal: z.string(), interest: z.string(), total: z.string() }).nullable(),
  notice: z.string().nullable(),
});
export type UnitPayoffQuote = z.infer<typeof unitPayoffQuote>;
export const unitPayoffQuoteResponse = envelope(unitPayoffQuote);
