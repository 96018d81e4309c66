import { useQuery } from '@tanstack/react-query';
import type { ReservedAmountResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

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
