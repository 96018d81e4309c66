import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Close from '@mui/icons-material/Close';
import { FINANCING_MESSAGES, MESSAGES, formatCurrencyText, type UnitUnderReview } from '@planpiso/domain';
import { useReviewSelection } from './review-selection';

/**
 * What /unidades hands to the wizard (agreed with its review mode): the chosen units, as GET /api/units/review
 * answered them, in the router state of /crear-disposicion.
 */
export type ReviewUnitsState = { reviewUnits: UnitUnderReview[] };

/**
 * 'Creación de disposición' (spec 3 §2 "Units under review": Crear Nuevo opens CreateProvisions): asks whether to
 * create a provision with the ticked units and opens the wizard in review mode with them; with none ticked it only
 * says 'Seleccione al menos una unidad'.
 */
export function CreateProvisionDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const selection = useReviewSelection();
  const units = [...selection.values()];

  const accept = () => {
    onClose();
    void navigate('/crear-disposicion', { state: { reviewUnits: units } satisfies ReviewUnitsState });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="create-provision-title">
      <DialogTitle id="create-provision-title" sx={{ pr: 6 }}>
        {FINANCING_MESSAGES.createProvisionDialogTitle}
      </DialogTitle>
      {/* Beside the title, not in it: the dialog's name is its title alone. */}
      <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <Close />
      </IconButton>
      <DialogContent>
        {units.length === 0 ? (
          <DialogContentText sx={{ color: 'text.primary' }}>{MESSAGES.selectAtLeastOneUnit}</DialogContentText>
        ) : (
          <>
            <DialogContentText sx={{ color: 'text.primary' }}>
              {FINANCING_MESSAGES.includeSelectedUnits}
            </DialogContentText>
            <List dense aria-label="Unidades seleccionadas">
              {units.map((unit) => (
                <ListItem key={unit.id} disableGutters>
                  <ListItemText
                    primary={unit.vinNumber}
                    secondary={`${unit.model} · ${formatCurrencyText(unit.amount)}`}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      {units.length > 0 && (
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button variant="contained" onClick={accept}>
            Aceptar
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
