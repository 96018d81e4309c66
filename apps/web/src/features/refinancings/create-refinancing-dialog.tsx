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
import {
  MESSAGES,
  REFINANCING_MESSAGES as M,
  formatCurrencyText,
  type RefinancingAvailableUnit,
} from '@planpiso/domain';
import { useRefinancingSelection } from './refinancing-selection';

/**
 * What /refinanciamientos/unidades hands to /crear-refinanciamiento: the ticked units, as GET /api/refinancings/units
 * answered them, in the router state (the mechanism of 'Creación de disposición').
 */
export type RefinancingUnitsState = { refinancingUnits: RefinancingAvailableUnit[] };

/**
 * 'Creación de refinanciamiento' (spec 1 §2.10, spec 3 §2): asks whether to include the ticked units and opens
 * /crear-refinanciamiento with them; with none ticked it only says 'Seleccione al menos una unidad'.
 */
export function CreateRefinancingDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const units = [...useRefinancingSelection().values()];

  const accept = () => {
    onClose();
    void navigate('/crear-refinanciamiento', { state: { refinancingUnits: units } satisfies RefinancingUnitsState });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="create-refinancing-title">
      <DialogTitle id="create-refinancing-title" sx={{ pr: 6 }}>
        {M.createDialogTitle}
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
            <DialogContentText sx={{ color: 'text.primary' }}>{M.includeSelectedUnits}</DialogContentText>
            <List dense aria-label="Unidades seleccionadas">
              {units.map((unit) => (
                <ListItem key={unit.id} disableGutters>
                  <ListItemText
                    primary={unit.vinNumber}
                    secondary={`${unit.model} · Plazo ${unit.deadlines ?? '-'} · ${formatCurrencyText(unit.amount)}`}
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
