import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { AGING_BUCKETS, PORTFOLIO_MESSAGES, type FinancedUnitItem } from '@planpiso/domain';
import type { FinancedUnitFilter } from './api/get-financed-units';

const T = PORTFOLIO_MESSAGES.filterChips;
/** The filters only the portfolio view's links set (the filter bar has no field for them). */
export const PORTFOLIO_LINK_FILTERS = ['company', 'account', 'aging', 'due', 'within', 'finding'] as const;

/**
 * What a link of the portfolio view (/cartera) filtered the register by, shown above it so the user knows why these
 * units and can take the filters off.
 */
export function PortfolioFilterChips({
  filters,
  firstRow,
  onClear,
}: {
  filters: Record<FinancedUnitFilter, string>;
  firstRow: FinancedUnitItem | undefined;
  onClear: () => void;
}) {
  const chips: string[] = [];
  if (filters.account) chips.push(T.account(`#${filters.account}`));
  if (filters.company) chips.push(T.company(firstRow?.companyName ?? `#${filters.company}`));
  const bucket = AGING_BUCKETS.find((b) => b.key === filters.aging);
  if (bucket) chips.push(T.aging(bucket.label));
  if ((filters.due === 'curtailment' || filters.due === 'maturity') && filters.within)
    chips.push(T.due(filters.due, Number(filters.within)));
  if (filters.finding === 'open') chips.push(T.finding);
  if (chips.length === 0) return null;
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}
      data-testid="portfolio-filters"
    >
      {chips.map((label) => (
        <Chip key={label} label={label} size="small" color="primary" variant="outlined" />
      ))}
      <Button size="small" onClick={onClear}>
        {T.clear}
      </Button>
    </Box>
  );
}
