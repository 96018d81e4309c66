import { useEffect } from 'react';
import { provisionButtonFlags } from '@planpiso/domain';
import { setDerivedFlags, storedFlag } from '../../lib/local-flags';
import { useEligibility } from './api/eligibility-dialog';
import { useOperatingWindow } from './api/operating-window';

/**
 * The title-bar flags of the dealer operator's list (decision 031): createDisabled while the operating window is
 * closed, exceptionDisabled while a request could not be made or is already open — derived from the server's answers
 * by the domain's `provisionButtonFlags`, published to the title bar (lib/local-flags) while the list is shown.
 * Returns the window's verdict, which the list shows before the user starts.
 */
export function useProvisionListFlags(creates: boolean) {
  const window = useOperatingWindow({ enabled: creates });
  const eligibility = useEligibility(creates);
  const flags = creates
    ? provisionButtonFlags({
        stored: { createDisabled: storedFlag('createDisabled'), exceptionDisabled: storedFlag('exceptionDisabled') },
        windowAllowed: window.data?.allowed ?? null,
        eligibility: eligibility.data ?? null,
      })
    : null;
  const createDisabled = flags?.createDisabled ?? false;
  const exceptionDisabled = flags?.exceptionDisabled ?? false;

  useEffect(() => {
    setDerivedFlags(creates ? { createDisabled, exceptionDisabled } : null);
  }, [creates, createDisabled, exceptionDisabled]);
  // Leaving the list forgets them: they describe this list's answers only.
  useEffect(() => () => setDerivedFlags(null), []);

  return { window: window.data ?? null };
}
