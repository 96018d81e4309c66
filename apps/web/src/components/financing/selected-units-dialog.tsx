import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { MESSAGES } from '@planpiso/domain';
import { TitleWithClose } from '../dialog-buttons';

export type SelectedUnit = { id: number; vinNumber: string; detail: string };

/**
 * The question before a new provision or refinancing is built from the ticked units (spec 3 §2 "Crear Nuevo"): the
 * units listed, Cancelar and Aceptar; with none ticked it only says 'Seleccione al menos una unidad'.
 */
export function SelectedUnitsDialog({
  id,
  title,
  question,
  units,
  onClose,
  onAccept,
}: {
  /** The title's element id (the dialog's accessible name). */
  id: string;
  title: string;
  question: string;
  units: SelectedUnit[];
  onClose: () => void;
  onAccept: () => void;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={id}>
      <TitleWithClose id={id} title={title} inset={8} onClose={onClose} />
      <DialogContent>
        {units.length === 0 ? (
          <DialogContentText sx={{ color: 'text.primary' }}>{MESSAGES.selectAtLeastOneUnit}</DialogContentText>
        ) : (
          <>
            <DialogContentText sx={{ color: 'text.primary' }}>{question}</DialogContentText>
            <List dense aria-label="Unidades seleccionadas">
              {units.map((unit) => (
                <ListItem key={unit.id} disableGutters>
                  <ListItemText primary={unit.vinNumber} secondary={unit.detail} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      {units.length > 0 && (
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button
            variant="contained"
            onClick={() => {
              onClose();
              onAccept();
            }}
          >
            Aceptar
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
