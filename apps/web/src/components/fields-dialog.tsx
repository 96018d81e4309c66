import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DialogButtons } from './dialog-buttons';

type Props = {
  open: boolean;
  /** While the call runs: the dialog cannot be dismissed and its buttons wait. */
  busy: boolean;
  title: string;
  /** The sentence over the fields. */
  text: string;
  /** The room between the sentence and each field. */
  spacing: number;
  onClose: () => void;
  onConfirm: () => void;
  /** The fields. */
  children: ReactNode;
};

/** A narrow dialog that asks for a few fields under a sentence, then Cancelar and Aceptar. */
export function FieldsDialog({ open, busy, title, text, spacing, onClose, onConfirm, children }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={spacing} sx={{ pt: 1 }}>
          <Typography>{text}</Typography>
          {children}
        </Stack>
      </DialogContent>
      <DialogButtons label="Aceptar" busy={busy} onCancel={onClose} onConfirm={onConfirm} />
    </Dialog>
  );
}
