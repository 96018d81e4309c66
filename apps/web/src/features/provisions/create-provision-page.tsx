import { useMemo } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import { FINANCING_MESSAGES } from '@planpiso/domain';
import { useSession } from '../../lib/session';
import type { ReviewUnit } from './api/provision-wizard-types';
import { ProvisionWizard } from './provision-wizard';
import { emptyWizard, fromReview } from './provision-wizard-state';

/** Router state from /unidades' 'Creación de disposición': the units under review to put in a provision. */
const reviewUnitsOf = (state: unknown): ReviewUnit[] | null => {
  const units = (state as { reviewUnits?: unknown } | null)?.reviewUnits;
  return Array.isArray(units) && units.length > 0 ? (units as ReviewUnit[]) : null;
};

/**
 * /crear-disposicion (spec 3 §2): the wizard for the dealer operator's active company; in review mode when the
 * route carries units under review.
 */
export function CreateProvisionPage() {
  const session = useSession();
  const location = useLocation();
  const reviewUnits = reviewUnitsOf(location.state);
  const user = session?.user;
  const initial = useMemo(() => {
    const base = emptyWizard(user?.company?.id ?? null);
    const withAgency = { ...base, agencyId: user?.agency?.id ?? null };
    return reviewUnits ? fromReview(withAgency, reviewUnits) : withAgency;
    // The wizard takes its initial state once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!user) return null;
  if (!user.company) return <Alert severity="warning">{FINANCING_MESSAGES.userWithoutCompany}</Alert>;
  return <ProvisionWizard user={user} initial={initial} clientNumber={user.company.clientId} />;
}
