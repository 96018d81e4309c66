import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONFIGURATION_OPERATIONS, matchRoute, visibleButtons, type UserType } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

/**
 * GET /api/configuration/operating-window: the server's verdict on the operating window now (non-working day, hours
 * not started or ended; spec 3 §5 "Operating hours"), so the list and the wizard say so before the person types.
 */
export const operatingWindowQuery = queryOptions({
  queryKey: ['configuration', 'operating-window'],
  queryFn: async ({ signal }) => (await callOperation(CONFIGURATION_OPERATIONS.getOperatingWindow, { signal })).data,
  staleTime: 60_000,
});

export const useOperatingWindow = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...operatingWindowQuery,
    enabled,
    // The window opens and closes with the clock: ask again every minute while a screen shows it.
    refetchInterval: 60_000,
  });

const LIST_ROUTE = matchRoute('/disposiciones')!;

/** Whether `type` has the list's Crear Nuevo, the button the operating window and the flags concern (spec 3 §2). */
export const createsProvisions = (type: UserType | null) =>
  type !== null && visibleButtons(LIST_ROUTE, type).some((button) => button.disabledByFlag === 'createDisabled');
