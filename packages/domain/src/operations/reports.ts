import { z } from 'zod';
import {
  historicalValidationsQuery,
  historicalValidationsResponse,
  statisticsLinesQuery,
  statisticsLinesResponse,
  statisticsQuery,
  statisticsResponse,
} from '../contracts/reports';
import { defineOperation } from './operation';

const tags = ['reports'];
/** The lender's staff; a customer outside the caller's accounts is 404 (spec 2 §7, spec 3 §7). */
const lender = [1, 2, 3] as const;

/** Reports (spec 2 §7 "Statistics", spec 3 §7 "Reports and other"). */
export const REPORT_OPERATIONS = {
  getStatistics: defineOperation({
    method: 'GET',
    path: '/api/reports/provisions-stadistics',
    tags,
    who: lender,
    summary: 'Average provision amount and count per month, 12 months ending with `to` (chart and table)',
    query: statisticsQuery,
    response: statisticsResponse,
  }),
  listStatisticsLines: defineOperation({
    method: 'GET',
    path: '/api/reports/provisions-stadistics/credit-lines',
    tags,
    who: lender,
    summary: 'The credit lines a customer’s provisions used (the statistics line filter)',
    query: statisticsLinesQuery,
    response: statisticsLinesResponse,
  }),
  /** A download: the bytes themselves, not an envelope (the web links to it with pathOf). */
  getStatisticsPdf: defineOperation({
    method: 'GET',
    path: '/api/reports/provisions-stadistics/pdf',
    tags,
    who: lender,
    summary: "The statistics as a landscape PDF (application/pdf), 'Estadísticas de disposiciones (DD-MM-YYYY).pdf'",
    query: statisticsQuery,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  }),
  listHistoricalValidations: defineOperation({
    method: 'GET',
    path: '/api/reports/historical-validations',
    tags,
    who: lender,
    summary: 'Every REPUVE, TransUnion and AX verdict: who asked, when, which check, what it said',
    query: historicalValidationsQuery,
    response: historicalValidationsResponse,
  }),
} as const;
