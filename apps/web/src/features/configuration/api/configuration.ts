import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONFIGURATION_OPERATIONS, type ProvisionConfiguration } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

export const configurationKeys = { current: ['configuration'] as const };

/** GET /api/configuration (spec 1 §7, spec 2 §7). */
export const useConfiguration = () =>
  useQuery({
    queryKey: configurationKeys.current,
    queryFn: async ({ signal }) => (await callOperation(CONFIGURATION_OPERATIONS.getConfiguration, { signal })).data,
  });

/** POST /api/configuration → the saved configuration and 'Configuración guardada'. */
export function useSaveConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProvisionConfiguration) => callOperation(CONFIGURATION_OPERATIONS.saveConfiguration, { body }),
    onSuccess: ({ data }) => queryClient.setQueryData(configurationKeys.current, data),
  });
}
