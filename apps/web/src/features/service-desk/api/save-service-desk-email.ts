import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceDeskEmailRequest, ServiceDeskEmailResponse } from '@planpiso/domain';
import { api } from '../../../lib/api-client';
import { serviceDeskKeys } from './get-service-desk-emails';

/** POST /api/emails-service-desk, or PUT /api/emails-service-desk/{id} in edit mode → 'El correo [x] se ha guardado'. */
export function saveServiceDeskEmail(id: number | null, body: CreateServiceDeskEmailRequest) {
  return id === null
    ? api.create<ServiceDeskEmailResponse>('/api/emails-service-desk', body)
    : api.put<ServiceDeskEmailResponse>(`/api/emails-service-desk/${id}`, body);
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
    mutationFn: (id: number) => api.delete<{ id: number }>(`/api/emails-service-desk/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceDeskKeys.lists }),
  });
}
