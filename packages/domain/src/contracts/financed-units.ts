import { z } from 'zod';
import { MESSAGES } from '../messages';
import { FINANCED_UNIT_MESSAGES } from '../messages-financed-units';
import { envelope, folioFilter, isoDate, pageQuery, paged, rowVersion } from './common';
import { idParam, searchText } from './inputs';
import { PORTFOLIO_REGISTER_FILTERS, dueWindowRefusal, dueWithWindow } from './portfolio-filters';

/**
 * The financed-units register (issue 29 item 1): one row per released unit, from its release (Liberar, or the CRM's
 * insertion) until it is paid. The status codes are the shared names of the brief; the machine that moves them is
 * financing/financed-unit-machine.ts.
 */
export const FINANCED_UNIT_STATUS = { CURRENT: 1, SOLD: 2, PAID: 3, SOLD_OUT_OF_TRUST: 4 } as const;
export type FinancedUnitStatus = (typeof FINANCED_UNIT_STATUS)[keyof typeof FINANCED_UNIT_STATUS];
export const FINANCED_UNIT_STATUSES = [1, 2, 3, 4] as const satisfies readonly FinancedUnitStatus[];

/** What a unit's history records: how it entered the register, and each move after. */
export const FINANCED_UNIT_EVENT_KINDS = [
  'released',
  'creditAssigned',
  'sold',
  'paid',
  'audited',
  'soldOutOfTrust',
] as const;
export type FinancedUnitEventKind = (typeof FINANCED_UNIT_EVENT_KINDS)[number];

const statusCode = z.coerce
  .number({ error: MESSAGES.badRequest })
  .int({ message: MESSAGES.badRequest })
  .min(FINANCED_UNIT_STATUS.CURRENT, { message: MESSAGES.badRequest })
  .max(FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST, { message: MESSAGES.badRequest });

/**
 * `status=1&status=2` arrives as an array, `status=1` as a string, `status=1,2,4` (the portfolio's links) as one
 * string with commas: each is a list of status codes.
 */
const statusList = z.preprocess(
  (value) =>
    value === undefined
      ? undefined
      : Array.isArray(value)
        ? value
        : typeof value === 'string' && value.includes(',')
          ? value.split(',')
          : [value],
  z.array(statusCode).max(FINANCED_UNIT_STATUSES.length, { message: MESSAGES.badRequest }).optional(),
);

/** The register's filters, shared by the list and its XLSX. */
const filters = {
  /** Part of the VIN, case-insensitive. */
  vin: searchText(23),
  company: idParam().optional(),
  /** The branch (agencia). */
  agency: idParam().optional(),
  status: statusList,
  /** Released between these Mexico City days, both inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The provision's or refinancing's folio as users quote it (the folio, or its manual folio). */
  folio: folioFilter(),
  ...PORTFOLIO_REGISTER_FILTERS,
};

const rangeInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const rangeRefusal = { message: FINANCED_UNIT_MESSAGES.dateRangeInvalid, path: ['from'] };

/** GET /api/financed-units: paged and sorted by the server (default: the latest released first). */
export const financedUnitListQuery = pageQuery
  .extend(filters)
  .refine(rangeInOrder, rangeRefusal)
  .refine(dueWithWindow, dueWindowRefusal);
export type FinancedUnitListQuery = z.infer<typeof financedUnitListQuery>;
export type FinancedUnitListQueryInput = z.input<typeof financedUnitListQuery>;
export const FINANCED_UNITS_DEFAULT_SORT = 'releasedOn:desc';
export const FINANCED_UNIT_SORT_FIELDS = [
  'releasedOn',
  'endsOn',
  'vin',
  'amount',
  'status',
  'companyName',
  'folio',
] as const;

/** GET /api/financed-units/export: the list's filters and sort, every row (up to FINANCED_UNITS_EXPORT_MAX). */
export const financedUnitExportQuery = z
  .object({ sort: pageQuery.shape.sort, ...filters })
  .refine(rangeInOrder, rangeRefusal)
  .refine(dueWithWindow, dueWindowRefusal);
export type FinancedUnitExportQuery = z.infer<typeof financedUnitExportQuery>;
/** The rows one export writes at most (a spreadsheet a person reads, not a copy of the portfolio). */
export const FINANCED_UNITS_EXPORT_MAX = 20_000;

/**
 * A credit's money as the CRM says it (issue 29 §1): the principal still owed, the interest accrued, the payments
 * received and the next curtailment (the term rules' next principal payment), for the business day `asOf`.
 */
export const financedUnitBalance = z.object({
  principal: z.string(),
  accruedInterest: z.string(),
  paidTotal: z.string(),
  nextCurtailment: z.object({ date: z.string(), amount: z.string() }).nullable(),
  asOf: z.string(),
});
export type FinancedUnitBalance = z.infer<typeof financedUnitBalance>;

/** One row of the register (issue 29 item 1's columns). Amounts as exact decimal strings; days as YYYY-MM-DD. */
export const financedUnitItem = z.object({
  id: z.number().int(),
  vin: z.string(),
  brand: z.string(),
  model: z.string(),
  description: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  agencyId: z.number().int().nullable(),
  agencyName: z.string().nullable(),
  /** Where it was drawn: a provision (disposición) or a refinancing. */
  source: z.enum(['provision', 'refinancing']),
  provisionId: z.number().int(),
  refinancingId: z.number().int().nullable(),
  /** The folio users quote: the manual folio when the operation uses one. */
  folio: z.string(),
  creditLine: z.string(),
  /** The CRM's credit number; null until the CRM gives it. */
  creditNumber: z.string().nullable(),
  amount: z.string(),
  releasedOn: z.string(),
  /** The term in months. */
  term: z.number().int(),
  endsOn: z.string(),
  /** Days from the release to today (Mexico City). */
  daysFloored: z.number().int(),
  status: z.number().int(),
  soldAt: z.string().nullable(),
  payoffDueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The CRM's balance as the register's reconciliation last read it (decision 080); null before the first read. */
  balance: financedUnitBalance.nullable(),
  version: z.number().int(),
});
export type FinancedUnitItem = z.infer<typeof financedUnitItem>;
export const financedUnitListResponse = paged(financedUnitItem);

/** One entry of a unit's history. */
export const financedUnitEvent = z.object({
  id: z.number().int(),
  kind: z.enum(FINANCED_UNIT_EVENT_KINDS),
  /** Who acted; null for the system (a job, the CRM). */
  actorName: z.string().nullable(),
  /** ISO instant. */
  at: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type FinancedUnitEvent = z.infer<typeof financedUnitEvent>;

export const financedUnitDetail = financedUnitItem.extend({
  soldReportedBy: z.string().nullable(),
  soldEvidenceFileId: z.number().int().nullable(),
  history: z.array(financedUnitEvent),
});
export type FinancedUnitDetail = z.infer<typeof financedUnitDetail>;
export const financedUnitDetailResponse = envelope(financedUnitDetail);

/** GET /api/financed-units/:id/balance: the CRM asked now, and a payoff quote for `date` (default today). */
export const financedUnitBalanceQuery = z.object({ date: isoDate.optional() }).strict();
export const financedUnitPayoffQuote = z.object({
  date: z.string(),
  principal: z.string(),
  interest: z.string(),
  total: z.string(),
});
export const financedUnitBalanceResponse = envelope(
  z.object({
    /** Whether the CRM answered; false: `balance` is the last one the reconciliation kept (or null) and `notice` says so. */
    live: z.boolean(),
    balance: financedUnitBalance.nullable(),
    quote: financedUnitPayoffQuote.nullable(),
    /** A Spanish line for the screen when the CRM's money cannot be shown as of now. */
    notice: z.string().nullable(),
  }),
);
export type FinancedUnitBalanceAnswer = z.infer<typeof financedUnitBalanceResponse>['data'];

/** POST /api/financed-units/:id/sale (types 4, 5): the day it was sold, optional evidence, the version read. */
export const reportFinancedUnitSaleRequest = z.object({
  soldAt: isoDate,
  /** A file the caller uploaded (POST /api/documents), as the buyer's evidence. */
  evidenceFileId: z.number().int().positive().max(2_147_483_647).optional(),
  version: rowVersion,
});
export type ReportFinancedUnitSaleRequest = z.infer<typeof reportFinancedUnitSaleRequest>;
