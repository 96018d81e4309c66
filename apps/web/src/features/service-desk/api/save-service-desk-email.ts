import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SERVICE_DESK_EMAIL_OPERATIONS, type CreateServiceDeskEmailRequest } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';
import { serviceDeskKeys } from './get-service-desk-emails';

/** POST /api/emails-service-desk, or PUT /api/emails-service-desk/{id} in edit mode → 'El correo [x] se ha guardado'. */
export function saveServiceDeskEmail(id: number | null, body: CreateServiceDeskEmailRequest) {
  return id === null
    ? callOperation(SERVICE_DESK_EMAIL_OPERATIONS.createServiceDeskEmail, { body })
    : callOperation(SERVICE_DESK_EMAIL_OPERATIONS.updateServiceDeskEmail, { params: { id }, body });
}

export function useSaveServiceDeskEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateServiceDeskEmailRequest }) =>
      saveServiceDeskEmail(id, body),
    onSuccess: async (_saved, { id }) => {
      await queryClient.invalidateQueries({ queryKey: serviceDeskKeys.lists });
      if (id !== null) queryClient.removeQueries({ queryKey: serviceDeskKeys.detail(id) });
    },
  });
}

/** DELETE /api/emails-service-desk/{id} → 'El correo se elimino correctamente'. */
export function useDeleteServiceDeskEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(SERVICE_DESK_EMAIL_OPERATIONS.deleteServiceDeskEmail, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceDeskKeys.lists }),
  });
}
