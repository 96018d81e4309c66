import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons } from './dialog-buttons';

export type ConfirmDialogProps = {
  open: boolean;
  /** Spec prompts such as 'Creación de usuario: ¿Estás seguro...?' pass their first part here. */
  title?: string;
  message: string;
  /** While the confirmed call runs: both buttons wait. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The first step of every save flow (ARCHITECTURE §7): confirm → call → result. Every confirmation has the same
 * shape: an optional title, the question, and Cancelar / Aceptar (no per-screen button words).
 */
export function ConfirmDialogView(props: ConfirmDialogProps) {
  const { open, title, message, busy, onConfirm, onCancel } = props;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="confirm-title">
      {title && <DialogTitle id="confirm-title">{title}</DialogTitle>}
      <DialogContent>
        <DialogContentText id={title ? undefined : 'confirm-title'} sx={{ color: 'text.primary' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogButtons label="Aceptar" busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
    </Dialog>
  );
}
