import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNonWorkingDayRequest, NonWorkingDayResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { nonWorkingDayKeys } from './get-non-working-days';

/** POST /api/non-workings {date, reason} → the day and 'El día inhabil se ha guardado'. */
export async function createNonWorkingDay(body: CreateNonWorkingDayRequest) {
  return api.create<NonWorkingDayResponse>('/api/non-workings', body);
}

/** DELETE /api/non-workings/{id} → 'El día inhabil se elimino correctamente'. */
export async function deleteNonWorkingDay(id: number) {
  return api.delete<{ id: number }>(`/api/non-workings/${id}`);
}

export function useCreateNonWorkingDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNonWorkingDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nonWorkingDayKeys.lists }),
  });
}

export function useDeleteNonWorkingDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNonWorkingDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nonWorkingDayKeys.lists }),
  });
}
