import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  DESCRIPTION_MAX,
  EXCEPTION_DIALOG_WIDTH,
  EXCEPTION_EVIDENCE_RULE,
  FINANCING_MESSAGES as M,
  MESSAGES,
  type ExceptionResponse,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FileField } from '../../components/file-field';
import { TextField } from '../../components/form/text-field';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useUpdateException } from './api/exceptions';

/** Observaciones (type 3, status 1), Aprobar (type 2, status 2) or Rechazar (type 2, status 3), spec 3 §4. */
export type ExceptionStepKind = 'review' | 'approve' | 'reject';
const STATUS_OF: Record<ExceptionStepKind, 1 | 2 | 3> = { review: 1, approve: 2, reject: 3 };
const TITLE_OF: Record<ExceptionStepKind, string> = {
  review: M.exceptionObservations,
  approve: M.exceptionApprove,
  reject: M.exceptionReject,
};
const CONFIRM_OF: Record<ExceptionStepKind, string> = {
  review: M.exceptionConfirmSend,
  approve: M.exceptionConfirmApprove,
  reject: M.exceptionConfirmReject,
};

type Values = { comment: string; vistoBueno: '' | 'true' | 'false'; evidence: File | null };

/** The comment is required where it is sent (spec 3 §5: the observation comment is marked required). */
const schemaOf = (kind: ExceptionStepKind) =>
  z.object({
    comment:
      kind === 'approve'
        ? z.string()
        : z.string().trim().min(1, { message: M.exceptionCommentRequired }).max(DESCRIPTION_MAX),
    vistoBueno: kind === 'review' ? z.enum(['true', 'false'], { message: M.exceptionVistoBuenoRequired }) : z.string(),
    evidence: z.instanceof(File).nullable(),
  });

type Props = { exception: ExceptionResponse; kind: ExceptionStepKind; onClose: (reload: boolean) => void };

/**
 * The observations dialog (spec 3 §2 "Dialogs"): a comment, for type 3 the 'Visto bueno' Si/No radio, and the
 * evidence upload; then the confirmation, the call and the response message. It closes, and the list reloads, only
 * if the answer's status is the one sent (spec 3 §4); otherwise it stays open with what was typed.
 */
export function ExceptionStepDialog({ exception, kind, onClose }: Props) {
  const update = useUpdateException();
  const [pending, setPending] = useState<Values | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [done, setDone] = useState(false);
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schemaOf(kind)) as unknown as Resolver<Values>,
    defaultValues: { comment: '', vistoBueno: '', evidence: null },
  });

  const send = async (values: Values) => {
    const status = STATUS_OF[kind];
    try {
      const answer = await update.mutateAsync({
        id: exception.id,
        version: exception.version,
        status,
        evidence: values.evidence,
        ...(kind === 'review' ? { commentOF: values.comment.trim(), isApproved: values.vistoBueno === 'true' } : {}),
        ...(kind === 'reject' ? { commentAF: values.comment.trim() } : {}),
      });
      setDone(answer.data.status === status);
      setResult({ ok: true, message: answer.message ?? MESSAGES.actionSucceeded });
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Dialog
        open
        onClose={update.isPending ? undefined : () => onClose(false)}
        maxWidth={false}
        aria-labelledby="exception-step-title"
        slotProps={{ paper: { sx: { width: EXCEPTION_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <Box component="form" noValidate onSubmit={(e) => void handleSubmit(setPending)(e)}>
          <DialogTitle id="exception-step-title">
            {TITLE_OF[kind]} · {exception.folio}
          </DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
            {kind !== 'approve' && (
              <TextField control={control} name="comment" label={M.exceptionComment} multiline minRows={4} />
            )}
            {kind === 'review' && (
              <Controller
                control={control}
                name="vistoBueno"
                render={({ field, fieldState }) => (
                  <FormControl error={Boolean(fieldState.error)}>
                    <FormLabel id="visto-bueno">{M.exceptionVistoBueno}</FormLabel>
                    <RadioGroup row aria-labelledby="visto-bueno" {...field}>
                      <FormControlLabel value="true" control={<Radio />} label={M.yes} />
                      <FormControlLabel value="false" control={<Radio />} label={M.no} />
                    </RadioGroup>
                    {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                  </FormControl>
                )}
              />
            )}
            <FileField control={control} name="evidence" label={M.exceptionEvidence} rule={EXCEPTION_EVIDENCE_RULE} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => onClose(false)}>Cancelar</Button>
            <Button type="submit" variant="contained" color={kind === 'reject' ? 'error' : 'primary'}>
              {kind === 'review' ? M.exceptionSend : TITLE_OF[kind]}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        message={CONFIRM_OF[kind]}
        busy={update.isPending}
        onConfirm={() => pending && void send(pending)}
        onCancel={() => setPending(null)}
      />
      <ResultDialog
        result={result}
        onAccept={() => {
          setResult(null);
          if (done) onClose(true);
        }}
      />
    </>
  );
}
