import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

type Props = {
  /** The confirming button's word: Aceptar, Enviar, Guardar. */
  label: string;
  /** While the call runs: both buttons wait. */
  busy?: boolean | undefined;
  onCancel: () => void;
  onConfirm: () => void;
};

/** A dialog's closing row: Cancelar, then the contained button that goes on. */
export function DialogButtons({ label, busy, onCancel, onConfirm }: Props) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <Button variant="contained" onClick={onConfirm} disabled={busy}>
        {label}
      </Button>
    </DialogActions>
  );
}

/** A dialog that only shows something: its one contained Cerrar. */
export function CloseButton({ onClose, autoFocus }: { onClose: () => void; autoFocus?: boolean }) {
  return (
    <DialogActions>
      <Button variant="contained" onClick={onClose} autoFocus={autoFocus}>
        Cerrar
      </Button>
    </DialogActions>
  );
}
