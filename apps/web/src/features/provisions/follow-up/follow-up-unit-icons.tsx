import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { adminReviewIconShown, invoiceIconState } from '@planpiso/domain';
import { CheckIcon } from '../../../components/check-icon';
import type { FollowUpUnit } from './api/follow-up-detail';

/** Invoice (spec 3 §4: approved if valid; disapproved if an invoice date exists without validity; else '?'). */
export const InvoiceIcon = ({ unit }: { unit: FollowUpUnit }) => (
  <CheckIcon check="Factura" state={invoiceIconState(unit)} />
);

const REVIEW = {
  1: { label: 'Si', Icon: CheckCircleOutlined, color: 'success' },
  2: { label: 'No', Icon: HighlightOffOutlined, color: 'error' },
  3: { label: 'Ajuste', Icon: TuneOutlined, color: 'warning' },
} as const;

/**
 * The administrator's review (spec 3 §4): an icon only when reviewAF is set and the status is not 0 (1 Si, 2 No,
 * 3 Ajuste), with the comment for 2 and 3.
 */
export function AdminReview({ unit }: { unit: FollowUpUnit }) {
  if (!adminReviewIconShown(unit)) return null;
  const review = REVIEW[unit.status as keyof typeof REVIEW];
  if (!review) return null;
  const { Icon } = review;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}>
      <Icon color={review.color} fontSize="small" titleAccess={`Revisión FinBe: ${review.label}`} />
      {unit.status !== 1 && unit.comment && (
        <Typography variant="caption" sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
          {unit.comment}
        </Typography>
      )}
    </Box>
  );
}
