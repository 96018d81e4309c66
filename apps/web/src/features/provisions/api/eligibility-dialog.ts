import { useQuery } from '@tanstack/react-query';
import { AUDIT_OPERATIONS } from '@planpiso/domain';
import { callOperation } from '../../../lib/operation-client';

export const eligibilityKey = ['audits', 'validate-process'] as const;

/**
 * GET /api/audits/validate-process (spec 3 §5 "Pre-checks", §7): may the dealer operator draw now? Its own account and
 * company are the server's default. Asked when the list opens (the title-bar flags read it) and again, fresh, when
 * Crear Nuevo is pressed.
 */
export const useEligibility = (enabled: boolean) =>
  useQuery({
    queryKey: eligibilityKey,
    queryFn: async ({ signal }) => (await callOperation(AUDIT_OPERATIONS.validateProcess, { signal })).data,
    enabled,
  });
