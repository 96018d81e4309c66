import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_OPERATIONS,
  FINANCED_UNIT_OPERATIONS,
  FINANCED_UNITS_DEFAULT_SORT,
  pathOf,
  type DocumentUploadResponse,
  type FinancedUnitItem,
  type ReportFinancedUnitSaleRequest,
} from '@planpiso/domain';
import { listSpec, type ListQuery } from '../../../components/list-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { callOperation } from '../../../lib/operation-client';
import { listKeys, operationList } from '../../../lib/server-list';

/**
 * The register's URL filters (issue 29 item 1): part of the VIN, one status (or '1,2,4'), the release days; and those
 * the portfolio view's links set (item 4): company, group (account), aging bucket, a due window (due + within), the
 * units with an audit's finding.
 */
export const FINANCED_UNIT_FILTERS = [
  'vin',
  'status',
  'from',
  'to',
  'company',
  'account',
  'aging',
  'due',
  'within',
  'finding',
] as const;
export type FinancedUnitFilter = (typeof FINANCED_UNIT_FILTERS)[number];
export type FinancedUnitPage = { items: FinancedUnitItem[]; total: number; totalIsEstimate?: boolean };

export const financedUnitKeys = listKeys<FinancedUnitFilter>('financed-units');

/** The list's URL reading, shared by the screen and the route's prefetch. */
export const FINANCED_UNIT_LIST = listSpec<FinancedUnitFilter>(FINANCED_UNIT_FILTERS, FINANCED_UNITS_DEFAULT_SORT);

/** GET /api/financed-units: the released units in the caller's scope (as provisions'), latest released first. */
const financedUnits = operationList(
  FINANCED_UNIT_LIST,
  financedUnitKeys.list,
  FINANCED_UNIT_OPERATIONS.listFinancedUnits,
);

export const useFinancedUnits = financedUnits.useList;
/** Starts the list call for this URL as the navigation starts, beside the screen's code (issue 15). */
export const prefetchFinancedUnits = financedUnits.prefetch;

/** GET /api/financed-units/export: every row of the list's filters and sort, as the server names the XLSX. */
export const downloadFinancedUnits = (query: ListQuery<FinancedUnitFilter>) => {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return downloadFile(pathOf(FINANCED_UNIT_OPERATIONS.exportFinancedUnits), filters);
};

/** GET /api/financed-units/{id}: the unit and its whole history. */
export const useFinancedUnit = (id: number | null) =>
  useQuery({
    queryKey: financedUnitKeys.detail(id ?? 0),
    queryFn: async ({ signal }) =>
      (await callOperation(FINANCED_UNIT_OPERATIONS.getFinancedUnit, { params: { id: id ?? 0 }, signal })).data,
    enabled: id !== null,
    retry: false,
  });

/**
 * GET /api/financed-units/{id}/balance: the CRM's money for the credit now and a payoff quote for `date`; a CRM that
 * does not answer gives the kept balance and a notice (200), never an error.
 */
export const useFinancedUnitBalance = (id: number, date: string | null) =>
  useQuery({
    queryKey: [...financedUnitKeys.detail(id), 'balance', date ?? 'today'],
    queryFn: async ({ signal }) =>
      (
        await callOperation(FINANCED_UNIT_OPERATIONS.getFinancedUnitBalance, {
          params: { id },
          query: date ? { date } : {},
          signal,
        })
      ).data,
    retry: false,
  });

/**
 * POST /api/financed-units/{id}/sale (Reportar venta, types 4 and 5) with the version read: a stale one answers 409
 * with the server's message. The unit and the list reload whatever the outcome.
 */
export function useReportFinancedUnitSale(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportFinancedUnitSaleRequest) => {
      const answer = await callOperation(FINANCED_UNIT_OPERATIONS.reportFinancedUnitSale, { params: { id }, body });
      return { message: answer.message, unit: answer.data };
    },
    onSettled: () => client.invalidateQueries({ queryKey: financedUnitKeys.all }),
  });
}

/** POST /api/documents (multipart, kind unit): the buyer's evidence, named afterwards by its file id. */
export async function uploadSaleEvidence(file: File): Promise<DocumentUploadResponse['data']> {
  const form = new FormData();
  form.append('kind', 'unit');
  form.append('file', file, file.name);
  return (await api.create<DocumentUploadResponse['data']>(pathOf(DOCUMENT_OPERATIONS.uploadDocument), form)).data;
}
