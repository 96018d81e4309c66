import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import { MESSAGES } from '@planpiso/domain';
import type { ActionResult } from './result-dialog';

export type ResultDialogProps = { result: ActionResult | null; onAccept: () => void };

/**
 * The last step of every save flow (spec 1 §2.11): 'Acción realizada exitosamente' or 'Ocurrió un error' with
 * the server's message. `onAccept` decides where the user goes (the list on success, stay on failure).
 */
export function ResultDialogView({ result, onAccept }: ResultDialogProps) {
  const ok = result?.ok ?? true;
  return (
    <Dialog open={result !== null} onClose={onAccept} maxWidth="xs" fullWidth aria-labelledby="result-title">
      <DialogTitle id="result-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {ok ? <CheckCircleOutline color="success" /> : <ErrorOutline color="error" />}
        {result?.title ?? (ok ? MESSAGES.actionSucceeded : MESSAGES.errorTitle)}
      </DialogTitle>
      {result?.message && (
        <DialogContent>
          <Box sx={{ pl: 4.5 }}>
            <Typography>{result.message}</Typography>
          </Box>
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onAccept} autoFocus>
          Aceptar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
