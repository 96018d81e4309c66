import { useQuery } from '@tanstack/react-query';
import { PROVISION_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/** GET /api/provisions/reserved-amount?creditLine= (spec 3 §7): what open provisions hold on the line. */
export const useReservedAmount = (creditLine: string | null) =>
  useQuery({
    // Under 'provisions': a send or a save reloads it with the list.
    queryKey: ['provisions', 'reserved-amount', creditLine],
    queryFn: async ({ signal }) =>
      (await callOperation(PROVISION_OPERATIONS.reservedAmount, { query: { creditLine }, signal })).data.total,
    enabled: creditLine !== null,
  });
