import { useQuery } from '@tanstack/react-query';
import { CONFIGURATION_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/**
 * GET /api/configuration/operating-window: the server's verdict on the operating window now (non-working day, hours
 * not started or ended; spec 3 §5 "Operating hours"), so the list and the wizard say so before the person types.
 */
export const useOperatingWindow = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ['configuration', 'operating-window'],
    queryFn: async ({ signal }) => (await callOperation(CONFIGURATION_OPERATIONS.getOperatingWindow, { signal })).data,
    enabled,
    staleTime: 60_000,
    // The window opens and closes with the clock: ask again every minute while a screen shows it.
    refetchInterval: 60_000,
  });
