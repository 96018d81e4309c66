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
import { ApiError } from '../lib/api-client';

/** `title` replaces the standard title where a screen has its own (spec 2 §2: 'Guardado', 'Error'). */
export type ActionResult =
  { ok: true; message?: string; title?: string } | { ok: false; message: string; title?: string };

/**
 * A failed call as a result: the server's Spanish message, or a generic one for anything else (spec 1 §8). An
 * external system's answer follows it (spec 2 §8: 'Ocurrió un error API externa' with what the system said).
 */
export function errorResult(error: unknown): ActionResult {
  if (!(error instanceof ApiError)) return { ok: false, message: MESSAGES.internalError };
  return { ok: false, message: error.detail ? `${error.message}. ${error.detail}` : error.message };
}

type Props = { result: ActionResult | null; onAccept: () => void };

/**
 * The last step of every save flow (spec 1 §2.11): 'Acción realizada exitosamente' or 'Ocurrió un error' with
 * the server's message. `onAccept` decides where the user goes (the list on success, stay on failure).
 */
export function ResultDialog({ result, onAccept }: Props) {
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
