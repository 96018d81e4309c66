import { useQuery } from '@tanstack/react-query';
import type { OperatingWindowResponse, ValidateProcess } from '@planpiso/domain';
import { api } from '../../../lib/api-client';

export const eligibilityKey = ['audits', 'validate-process'] as const;

/**
 * GET /api/audits/validate-process (spec 3 §5 "Pre-checks", §7): may the dealer operator draw now? Its own account and
 * company are the server's default. Asked when the list opens (the title-bar flags read it) and again, fresh, when
 * Crear Nuevo is pressed.
 */
export const useEligibility = (enabled: boolean) =>
  useQuery({
    queryKey: eligibilityKey,
    queryFn: async ({ signal }) =>
      (await api.get<ValidateProcess>('/api/audits/validate-process', undefined, signal)).data,
    enabled,
  });

/**
 * GET /api/configuration/operating-window: the server's verdict on the operating window now (non-working day, hours
 * not started or ended; spec 3 §5 "Operating hours"). The wizard asks the same under the same key.
 */
export const useOperatingWindow = (enabled: boolean) =>
  useQuery({
    queryKey: ['configuration', 'operating-window'],
    queryFn: async ({ signal }) =>
      (await api.get<OperatingWindowResponse>('/api/configuration/operating-window', undefined, signal)).data,
    enabled,
    // The window opens and closes with the clock: ask again every minute while the list is open.
    refetchInterval: 60_000,
  });
