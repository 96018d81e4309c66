import { useQuery } from '@tanstack/react-query';
import type { ExternalCreditLine, ReservedAmountResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

/**
 * GET /api/external/clients/{clientNumber}/credit-lines (ConfiguracionClientesDispLinea through the API, decision 009):
 * the active company's lines, for the list's selector and the wizard's units step (one key, one answer).
 */
export const useCreditLines = (clientNumber: string | null, { alwaysFresh = false } = {}) =>
  useQuery({
    queryKey: ['crm', 'clients', clientNumber, 'credit-lines'],
    queryFn: async ({ signal }) =>
      (
        await api.get<ExternalCreditLine[]>(
          `/api/external/clients/${encodeURIComponent(clientNumber!)}/credit-lines`,
          undefined,
          signal,
        )
      ).data,
    enabled: clientNumber !== null,
    // A CRM failure is shown at once with its answer; retrying a down system three times only delays that.
    retry: false,
    // The wizard asks again each time its step opens: the balance moves with every provision.
    ...(alwaysFresh ? { staleTime: 0 } : {}),
  });

/** GET /api/provisions/reserved-amount?creditLine= (spec 3 §7): what open provisions hold on the line. */
export const useReservedAmount = (creditLine: string | null) =>
  useQuery({
    // Under 'provisions': a send or a save reloads it with the list.
    queryKey: ['provisions', 'reserved-amount', creditLine],
    queryFn: async ({ signal }) =>
      (await api.get<ReservedAmountResponse['data']>('/api/provisions/reserved-amount', { creditLine }, signal)).data
        .total,
    enabled: creditLine !== null,
  });
