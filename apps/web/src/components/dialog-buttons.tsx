import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';

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

/**
 * A dialog's title with its Cerrar cross beside it, not in it: the dialog's name is its title alone. `inset` is the
 * cross's distance from the corner (a wider dialog sits it further in), the title leaving it room.
 */
export function TitleWithClose({
  id,
  title,
  inset,
  onClose,
}: {
  id: string;
  title: string;
  inset: 8 | 12;
  onClose: () => void;
}) {
  return (
    <>
      <DialogTitle id={id} sx={{ pr: inset === 12 ? 7 : 6 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: inset, top: inset }}>
        <Close />
      </IconButton>
    </>
  );
}
