import Chip, { type ChipProps } from '@mui/material/Chip';
import { FINANCED_UNIT_STATUS, financedUnitStatusName } from '@planpiso/domain';

/** Vigente is the quiet case; a sold unit waits for its payoff; an unpaid one past its grace is the lender's loss. */
const COLORS: Record<number, ChipProps['color']> = {
  [FINANCED_UNIT_STATUS.CURRENT]: 'primary',
  [FINANCED_UNIT_STATUS.SOLD]: 'warning',
  [FINANCED_UNIT_STATUS.PAID]: 'success',
  [FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST]: 'error',
};

/** A unit's status by its Spanish name (issue 29 item 2). */
export function FinancedUnitStatusChip({ status }: { status: number }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status] ?? 'default'}
      label={financedUnitStatusName(status)}
      // The warning orange is too light for text on white (axe color-contrast): its border keeps the colour.
      sx={status === FINANCED_UNIT_STATUS.SOLD ? { color: 'text.primary' } : undefined}
    />
  );
}
