import { queryOptions, useQuery } from '@tanstack/react-query';
import { EXTERNAL_OPERATIONS } from '@planpiso/domain';
import { callOperation } from './operation-client';

/**
 * GET /api/external/clients/{clientNumber}/credit-lines (ConfiguracionClientesDispLinea through the API, decision 009):
 * the active company's lines, for the provisions' selector and wizard and the refinancing create page (one key, one
 * answer). The provisions list asks for them as its navigation starts (prefetchProvisions), beside its rows.
 */
export const creditLinesQuery = (clientNumber: string | null) =>
  queryOptions({
    queryKey: ['crm', 'clients', clientNumber, 'credit-lines'],
    queryFn: async ({ signal }) =>
      (await callOperation(EXTERNAL_OPERATIONS.listCrmCreditLines, { params: { clientNumber: clientNumber! }, signal }))
        .data,
    enabled: clientNumber !== null,
    // A CRM failure is shown at once with its answer; retrying a down system three times only delays that.
    retry: false,
  });

export const useCreditLines = (clientNumber: string | null, { alwaysFresh = false } = {}) =>
  useQuery({
    ...creditLinesQuery(clientNumber),
    // The forms ask again each time they open: the balance moves with every provision and refinancing.
    ...(alwaysFresh ? { staleTime: 0 } : {}),
  });
