import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_OPERATIONS, pathOf, REPORT_OPERATIONS, type StatisticsQuery } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { downloadFile } from '../../../lib/download';

export const statisticsKeys = {
  customers: (userId: number) => ['statistics', 'customers', userId] as const,
  lines: (clientId: string) => ['statistics', 'lines', clientId] as const,
  graph: (query: StatisticsQuery) => ['statistics', 'graph', query] as const,
};

/** GET /api/accounts/assigned/{id}/companies (spec 2 §7): the customers assigned to the signed-in user. */
export const useCustomers = (userId: number) =>
  useQuery({
    queryKey: statisticsKeys.customers(userId),
    queryFn: async ({ signal }) =>
      (await callOperation(ACCOUNT_OPERATIONS.listAssignedCompanies, { params: { id: userId }, signal })).data,
  });

/** The credit lines the customer's provisions used (the line filter). */
export const useStatisticsLines = (clientId: string | null) =>
  useQuery({
    queryKey: statisticsKeys.lines(clientId ?? ''),
    queryFn: async ({ signal }) =>
      (await callOperation(REPORT_OPERATIONS.listStatisticsLines, { query: { clientId }, signal })).data,
    enabled: !!clientId,
  });

/** GET /api/reports/provisions-stadistics: runs only once Buscar has chosen a query. */
export const useStatistics = (query: StatisticsQuery | null) =>
  useQuery({
    queryKey: statisticsKeys.graph(query ?? { clientId: '' }),
    queryFn: async ({ signal }) =>
      (await callOperation(REPORT_OPERATIONS.getStatistics, { query: { ...query }, signal })).data,
    enabled: query !== null,
  });

/** The landscape PDF of the same query, as the server names it. */
export const downloadStatisticsPdf = (query: StatisticsQuery) =>
  downloadFile(pathOf(REPORT_OPERATIONS.getStatisticsPdf), { ...query });
