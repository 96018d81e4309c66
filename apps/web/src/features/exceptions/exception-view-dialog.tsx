import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import {
  EVIDENCE_TYPE,
  EXCEPTION_DIALOG_WIDTH,
  FINANCING_MESSAGES as M,
  USER_TYPE,
  can,
  mayDownloadAdminEvidence,
  type ExceptionResponse,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDate } from '../../lib/format';
import { evidenceLink } from './api/exceptions';
import type { ExceptionStepKind } from './exception-step-dialog';

type Props = {
  exception: ExceptionResponse;
  userType: number;
  onClose: () => void;
  /** Type 2 decides from here (spec 3 §4). */
  onStep: (kind: ExceptionStepKind) => void;
};

const Field = ({ label, value }: { label: string; value: string }) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value || '—'}</Typography>
  </Box>
);

/**
 * The view dialog (spec 3 §2): 'Visualizar respuesta' for type 5, 'Visualizar solicitud' otherwise. The dealer may
 * download the administrator's evidence of a rejected exception, after a confirmation (spec 3 §4); the lender sees
 * every evidence; type 2 approves or rejects a reviewed one.
 */
export function ExceptionViewDialog({ exception, userType, onClose, onStep }: Props) {
  const dealer = userType === USER_TYPE.AGENCY_OPERATOR;
  const [confirming, setConfirming] = useState(false);
  const adminEvidence = exception.evidences.find((e) => e.type === EVIDENCE_TYPE.EXCEPTION_ADMINISTRATOR);
  const open = async (fileId: number) => window.open(await evidenceLink(fileId), '_blank', 'noopener');
  // The same question the server asks before the PUT (approve and reject share their row: type 2 at status 1).
  const decides = can({ id: 0, type: userType }, 'exception.approve', exception).allowed;
  return (
    <>
      <Dialog
        open
        onClose={onClose}
        maxWidth={false}
        aria-labelledby="exception-view-title"
        slotProps={{ paper: { sx: { width: EXCEPTION_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <DialogTitle id="exception-view-title">{dealer ? M.exceptionViewResponse : M.exceptionViewRequest}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
          <Field label={M.exceptionNumber} value={exception.folio} />
          {!dealer && <Field label={M.exceptionCustomer} value={exception.company.name} />}
          <Field label={M.exceptionDate} value={formatDate(exception.createdAt)} />
          <Field label={M.exceptionComment} value={exception.comment} />
          {exception.commentOF !== null && !dealer && (
            <>
              <Field label={M.exceptionObservations} value={exception.commentOF} />
              <Field label={M.exceptionVistoBueno} value={exception.isApproved ? M.yes : M.no} />
            </>
          )}
          {exception.commentAF !== null && <Field label={M.exceptionResponse} value={exception.commentAF} />}
          {!dealer &&
            exception.evidences.map((e) => (
              <Link
                key={e.id}
                component="button"
                type="button"
                sx={{ justifySelf: 'start' }}
                onClick={() => void open(e.fileId)}
              >
                {M.exceptionEvidence}: {e.fileName}
              </Link>
            ))}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {dealer && adminEvidence && mayDownloadAdminEvidence(exception.status, exception.evidences) && (
            <Button onClick={() => setConfirming(true)}>{M.exceptionDownloadEvidence}</Button>
          )}
          {decides && (
            <>
              <Button color="error" onClick={() => onStep('reject')}>
                {M.exceptionReject}
              </Button>
              <Button variant="contained" onClick={() => onStep('approve')}>
                {M.exceptionApprove}
              </Button>
            </>
          )}
          <Button onClick={onClose}>Cerrar</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        message={M.exceptionConfirmDownload}
        onConfirm={() => {
          setConfirming(false);
          if (adminEvidence) void open(adminEvidence.fileId);
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
