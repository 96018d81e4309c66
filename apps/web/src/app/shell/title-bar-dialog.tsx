import { lazy, Suspense } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { MESSAGES, type TitleBarButton } from '@planpiso/domain';
import { RequestExceptionDialog } from '../../features/exceptions/request-exception-dialog';
import { CreateProvisionDialog } from '../../features/units/create-provision-dialog';

// The pre-check loads with its first use, not with the shell.
const EligibilityDialog = lazy(async () => ({
  default: (await import('../../features/provisions/eligibility-dialog')).EligibilityDialog,
}));

/**
 * The dialogs of spec 1 §2.10. The exception request and the provision from units under review are built;
 * refinancing creation arrives with its issue, and until then its button opens this notice rather than doing nothing.
 */
export function TitleBarDialog({ button, onClose }: { button: TitleBarButton; onClose: () => void }) {
  if (button.dialog === 'requestException') return <RequestExceptionDialog title={button.label} onClose={onClose} />;
  if (button.dialog === 'provisionEligibility')
    return (
      <Suspense fallback={null}>
        <EligibilityDialog continueTo={button.to ?? '/'} onClose={onClose} />
      </Suspense>
    );
  // Crear Nuevo on /unidades (spec 3 §2): the only route whose button opens this dialog.
  if (button.dialog === 'createProvision') return <CreateProvisionDialog onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby="title-bar-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="title-bar-dialog-title">{button.label}</DialogTitle>
      <DialogContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <ConstructionIcon color="secondary" fontSize="large" />
        <div>
          <Typography sx={{ fontWeight: 600 }}>{MESSAGES.underConstruction}</Typography>
          <Typography variant="body2" color="text.secondary">
            {MESSAGES.underConstructionDetail}
          </Typography>
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
