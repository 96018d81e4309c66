import { lazy, Suspense } from 'react';
import type { TitleBarButton } from '@planpiso/domain';
import { RequestExceptionDialog } from '../../features/exceptions/request-exception-dialog';
import { CreateRefinancingDialog } from '../../features/refinancings/create-refinancing-dialog';
import { CreateProvisionDialog } from '../../features/units/create-provision-dialog';

// The pre-check loads with its first use, not with the shell.
const EligibilityDialog = lazy(async () => ({
  default: (await import('../../features/provisions/eligibility-dialog')).EligibilityDialog,
}));

/** The dialogs of spec 1 §2.10, one per `dialog` of the route table's title-bar buttons. */
export function TitleBarDialog({ button, onClose }: { button: TitleBarButton; onClose: () => void }) {
  switch (button.dialog) {
    case 'requestException':
      return <RequestExceptionDialog title={button.label} onClose={onClose} />;
    case 'provisionEligibility':
      return (
        <Suspense fallback={null}>
          <EligibilityDialog continueTo={button.to ?? '/'} onClose={onClose} />
        </Suspense>
      );
    // Crear Nuevo on /unidades (spec 3 §2 "Units under review").
    case 'createProvision':
      return <CreateProvisionDialog onClose={onClose} />;
    // Crear Nuevo on /refinanciamientos/unidades (spec 3 §2 "Refinancing").
    case 'createRefinancing':
      return <CreateRefinancingDialog onClose={onClose} />;
    default:
      return null;
  }
}
