import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { EXCEPTION_DIALOG_WIDTH, EXCEPTION_EVIDENCE_RULE, MESSAGES, createExceptionRequest } from '@planpiso/domain';
import { FileField } from '../../components/file-field';
import { TextField } from '../../components/form/text-field';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { newUuid } from '../../lib/api-client';
import { localFlag } from '../../lib/local-flags';
import { useRequestException } from './api/request-exception';

/**
 * The request contract's comment (spec 1 §5: required) and the evidence, one .jpg/.png file vetted by FileField
 * and again, by its bytes, by the server.
 */
const exceptionRequestForm = createExceptionRequest
  .pick({ comment: true })
  .extend({ evidence: z.instanceof(File).nullable() });
type FormValues = { comment: string; evidence: File | null };

/**
 * spec 1 §2.10: the dialog opens only while the local flag exceptionDisabled is not set ('false' is not set) — stored,
 * or derived by the provisions list (lib/local-flags, decision 031).
 */
export const exceptionRequestsDisabled = (): boolean => localFlag('exceptionDisabled');

type Props = { title: string; onClose: () => void };

/**
 * Solicitar excepción (spec 1 §2.10): Comentario (required) and Evidencia, sent with Enviar. The result dialog
 * follows (spec 3 §8): on success 'Acción realizada exitosamente' with the folio, and Aceptar closes both; on
 * failure 'Ocurrió un error' with the server's reason, and the request stays open with what was typed.
 */
export function RequestExceptionDialog({ title, onClose }: Props) {
  const disabled = exceptionRequestsDisabled();
  const send = useRequestException();
  const [result, setResult] = useState<ActionResult | null>(null);
  // One key per opened dialog: a retry after a lost answer is replayed by the server, not stored twice.
  const [idempotencyKey] = useState(newUuid);
  const { control, handleSubmit } = useForm<FormValues>({
    resolver: zodResolver(exceptionRequestForm) as unknown as Resolver<FormValues>,
    defaultValues: { comment: '', evidence: null },
  });
  useEffect(() => {
    if (disabled) onClose();
  }, [disabled, onClose]);

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync({ ...values, idempotencyKey });
      setResult({ ok: true, message: answer.message ?? MESSAGES.exceptionRequestSent });
    } catch (error) {
      setResult(errorResult(error));
    }
  });

  const accept = () => {
    const sent = result?.ok === true;
    setResult(null);
    if (sent) onClose();
  };

  return (
    <>
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
            <TextField
              control={control}
              name="comment"
              label="Comentario"
              multiline
              minRows={4}
              disabled={send.isPending}
              required
            />
            <FileField
              control={control}
              name="evidence"
              label="Evidencia"
              rule={EXCEPTION_EVIDENCE_RULE}
              disabled={send.isPending}
            />
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
      <ResultDialog result={result} onAccept={accept} />
    </>
  );
}
