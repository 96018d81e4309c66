import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unitKeys } from './get-units-review';

/** POST /api/units/{id}/delete (spec 3 §7): out of review; the answer carries the spec's message with the VIN. */
export function useRemoveUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number }>(`/api/units/${id}/delete`),
    onSuccess: () => client.invalidateQueries({ queryKey: unitKeys.lists }),
  });
}
