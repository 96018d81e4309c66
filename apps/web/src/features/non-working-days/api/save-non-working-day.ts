import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NON_WORKING_OPERATIONS, type CreateNonWorkingDayRequest } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { nonWorkingDayKeys } from './get-non-working-days';

/** POST /api/non-workings {date, reason} → the day and 'El día inhabil se ha guardado'. */
export async function createNonWorkingDay(body: CreateNonWorkingDayRequest) {
  return callOperation(NON_WORKING_OPERATIONS.createNonWorkingDay, { body });
}

/** DELETE /api/non-workings/{id} → 'El día inhabil se elimino correctamente'. */
export async function deleteNonWorkingDay(id: number) {
  return callOperation(NON_WORKING_OPERATIONS.deleteNonWorkingDay, { params: { id } });
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
