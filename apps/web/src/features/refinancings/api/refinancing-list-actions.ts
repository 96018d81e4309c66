import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFINANCING_FLOW_OPERATIONS as flows, REFINANCING_OPERATIONS, REFINANCING_STATUS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { refinancingKeys } from './refinancing-units';

export type ListAction = 'sendToFinbe' | 'send';

/** The row's version, read fresh: the list does not carry it, and the server refuses a stale one (409). */
const versionOf = async (id: number) =>
  (await callOperation(REFINANCING_OPERATIONS.getRefinancing, { params: { id } })).data.version;

/**
 * The list's buttons (spec 3 §2, §4; decision 045): Enviar a FinBe = PATCH /api/refinancings/{id}/set-status
 * `{ status: 5, version }`; Enviar = POST /api/refinancings/send-units `{ refinancingId, version }`. The list reloads.
 */
export function useRefinancingListAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: ListAction }) => {
      const version = await versionOf(id);
      return action === 'sendToFinbe'
        ? callOperation(flows.setRefinancingStatus, {
            params: { id },
            body: { status: REFINANCING_STATUS.SENT_TO_SIGN, version },
          })
        : callOperation(flows.sendRefinancingUnits, { body: { refinancingId: id, version } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: refinancingKeys.lists }),
  });
}
