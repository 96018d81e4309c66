import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigurationResponse, ProvisionConfiguration } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

export const configurationKeys = { current: ['configuration'] as const };

/** GET /api/configuration (spec 1 §7, spec 2 §7). */
export const useConfiguration = () =>
  useQuery({
    queryKey: configurationKeys.current,
    queryFn: async ({ signal }) => (await api.get<ConfigurationResponse>('/api/configuration', undefined, signal)).data,
  });

/** POST /api/configuration → the saved configuration and 'Configuración guardada'. */
export function useSaveConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProvisionConfiguration) => api.post<ConfigurationResponse>('/api/configuration', body),
    onSuccess: ({ data }) => queryClient.setQueryData(configurationKeys.current, data),
  });
}
