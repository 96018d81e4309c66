import { idParams } from '../contracts/common';
import { fileDownloadResponse } from '../contracts/files';
import { dealerSummaryResponse, portfolioViewResponse, unitPayoffQuoteResponse } from '../contracts/portfolio';
import { defineOperation } from './operation';

const tags = ['portfolio'];
/** The lender: types 1 and 2 every account, type 3 its accounts (the register's scope, as provisions'). */
const lender = [1, 2, 3] as const;
const dealer = [4, 5] as const;

/** The lender's portfolio view and the dealer's summary (issue 29 items 4 and 5). */
export const PORTFOLIO_OPERATIONS = {
  getPortfolio: defineOperation({
    method: 'GET',
    path: '/api/portfolio',
    tags,
    who: lender,
    summary:
      'Cartera: exposure by company and group, line utilisation, aging, curtailments and maturities due in 7 and ' +
      '30 days, sold unpaid and SOT units, open audits — over the units the caller’s scope reaches',
    response: portfolioViewResponse,
  }),
  exportPortfolio: defineOperation({
    method: 'GET',
    path: '/api/portfolio/export',
    tags,
    who: lender,
    summary:
      "The portfolio view's figures as an XLSX, 'Cartera (DD-MM-YYYY).xlsx': a summary sheet and one of companies",
    response: fileDownloadResponse,
  }),
  getDealerSummary: defineOperation({
    method: 'GET',
    path: '/api/portfolio/dealer',
    tags,
    who: dealer,
    summary: 'The dealer’s units by status, days floored and what falls due this week (its companies only)',
    response: dealerSummaryResponse,
  }),
  getUnitPayoffQuote: defineOperation({
    method: 'GET',
    path: '/api/portfolio/units/:id/payoff-quote',
    tags,
    who: [1, 2, 3, 4, 5],
    summary: 'What settles a financed unit’s credit today, as the CRM quotes it; out of scope → 404',
    params: idParams,
    response: unitPayoffQuoteResponse,
  }),
} as const;
