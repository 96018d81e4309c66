import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PORTFOLIO_MESSAGES as M, type PortfolioFigure } from '@planpiso/domain';
import { formatAmount } from '../../lib/format';

/**
 * One number of the portfolio: its title, the units (a link to the register filtered to them) and their amount.
 * `testId` names it for the journeys.
 */
export function FigureCard({
  title,
  figure,
  to,
  testId,
  children,
}: {
  title: string;
  figure: PortfolioFigure;
  to: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {title}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
        ${formatAmount(figure.amount)}
      </Typography>
      <Link
        component={RouterLink}
        to={to}
        data-testid={`${testId}-link`}
        aria-label={`${title}: ${M.units(figure.count)}`}
      >
        {M.units(figure.count)}
      </Link>
      {children}
    </Paper>
  );
}
