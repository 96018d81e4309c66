import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSnackbar } from 'notistack';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DESCRIPTION_MAX, EXCEPTION_DIALOG_WIDTH, MESSAGES, STORAGE_KEYS, requiredText } from '@planpiso/domain';
import { FileField } from '../../components/file-field';
import { TextField } from '../../components/form/text-field';
import { ApiError } from '../../lib/api-client';
import { useRequestException } from './api/request-exception';

/**
 * The dialog's own form until the exceptions issue brings the request contract (spec 1 §5: the comment is
 * required; the evidence is one .jpg/.png file, vetted by FileField).
 */
const exceptionRequestForm = z.object({
  comment: requiredText(1, DESCRIPTION_MAX),
  evidence: z.instanceof(File).nullable(),
});
type FormValues = { comment: string; evidence: File | null };

/** spec 1 §2.10: the dialog opens only while the local flag exceptionDisabled is not set ('false' is not set). */
export function exceptionRequestsDisabled(): boolean {
  const value = localStorage.getItem(STORAGE_KEYS.exceptionDisabled);
  return value !== null && value !== 'false';
}

type Props = { title: string; onClose: () => void };

/**
 * Solicitar excepción (spec 1 §2.10): Comentario (required) and Evidencia, sent with Enviar. A successful send
 * closes it; a failure keeps it open with the reason, so nothing typed is lost.
 */
export function RequestExceptionDialog({ title, onClose }: Props) {
  const disabled = exceptionRequestsDisabled();
  const send = useRequestException();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<FormValues>({
    resolver: zodResolver(exceptionRequestForm) as unknown as Resolver<FormValues>,
    defaultValues: { comment: '', evidence: null },
  });
  useEffect(() => {
    if (disabled) onClose();
  }, [disabled, onClose]);

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync(values);
      enqueueSnackbar(answer.message ?? MESSAGES.exceptionRequestSent, { variant: 'success' });
      onClose();
    } catch {
      // The reason shows in the dialog (below), which stays open.
    }
  });

  const error = send.error;
  return (
    <Dialog
      open={!disabled}
      onClose={send.isPending ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="exception-request-title"
      slotProps={{ paper: { sx: { width: EXCEPTION_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="exception-request-title">{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {error && (
            <Alert severity="error">{error instanceof ApiError ? error.message : MESSAGES.internalError}</Alert>
          )}
          <TextField
            control={control}
            name="comment"
            label="Comentario"
            multiline
            minRows={4}
            disabled={send.isPending}
          />
          <FileField control={control} name="evidence" label="Evidencia" disabled={send.isPending} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={send.isPending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            Enviar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
