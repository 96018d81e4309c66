import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { UnitUnderReview } from '@planpiso/domain';
import { CloseButton } from '../../components/dialog-buttons';

/** 'Ver comentario' (spec 3 §2): the lender's comment on why the unit is in review. */
export function UnitCommentDialog({ unit, onClose }: { unit: UnitUnderReview | null; onClose: () => void }) {
  return (
    <Dialog open={unit !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="unit-comment-title">
      <DialogTitle id="unit-comment-title">Comentario</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ color: 'text.secondary', mb: 1 }}>VIN {unit?.vinNumber}</DialogContentText>
        <DialogContentText sx={{ color: 'text.primary', whiteSpace: 'pre-wrap' }}>
          {unit?.comment || 'Sin comentario'}
        </DialogContentText>
      </DialogContent>
      <CloseButton onClose={onClose} autoFocus />
    </Dialog>
  );
}
