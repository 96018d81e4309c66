import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UNIT_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { unitKeys } from './get-units-review';

/** POST /api/units/{id}/delete (spec 3 §7): out of review; the answer carries the spec's message with the VIN. */
export function useRemoveUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(UNIT_OPERATIONS.removeUnitFromReview, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: unitKeys.lists }),
  });
}
