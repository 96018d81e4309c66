import { useQuery } from '@tanstack/react-query';
import { PORTFOLIO_OPERATIONS, pathOf } from '@planpiso/domain';
import { downloadFile } from '../../../lib/download';
import { callOperation } from '../../../lib/operation-client';

export const portfolioKeys = {
  view: ['portfolio', 'view'] as const,
  dealer: ['portfolio', 'dealer'] as const,
  quote: (id: number) => ['portfolio', 'quote', id] as const,
};

/** GET /api/portfolio: the lender's portfolio view over its scope. */
export const usePortfolio = () =>
  useQuery({
    queryKey: portfolioKeys.view,
    queryFn: async ({ signal }) => (await callOperation(PORTFOLIO_OPERATIONS.getPortfolio, { signal })).data,
  });

/** GET /api/portfolio/export: the same figures as an XLSX, as the server names it. */
export const downloadPortfolio = () => downloadFile(pathOf(PORTFOLIO_OPERATIONS.exportPortfolio), {});

/** GET /api/portfolio/dealer: the dealer's units by status and what falls due this week. */
export const useDealerSummary = () =>
  useQuery({
    queryKey: portfolioKeys.dealer,
    queryFn: async ({ signal }) => (await callOperation(PORTFOLIO_OPERATIONS.getDealerSummary, { signal })).data,
  });

/** GET /api/portfolio/units/{id}/payoff-quote: the CRM's payoff quote for today, asked when the user wants it. */
export const usePayoffQuote = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: portfolioKeys.quote(id),
    queryFn: async ({ signal }) =>
      (await callOperation(PORTFOLIO_OPERATIONS.getUnitPayoffQuote, { params: { id }, signal })).data,
    enabled,
    retry: false,
  });
