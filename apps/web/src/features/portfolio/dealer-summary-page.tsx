import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  FINANCED_UNIT_STATUSES,
  PORTFOLIO_MESSAGES as M,
  financedUnitStatusName,
  type DealerDueItem,
} from '@planpiso/domain';
import { EmptyTableRow } from '../../components/empty-table-row';
import { formatAmount } from '../../lib/format';
import { useDealerSummary, usePayoffQuote } from './api/get-portfolio';

const shownDay = (day: string) => day.split('-').reverse().join('/');

/** The CRM's payoff quote of one unit, asked when the dealer presses the button (one call, not one per row). */
function PayoffQuote({ unit }: { unit: DealerDueItem }) {
  const [asked, setAsked] = useState(false);
  const quote = usePayoffQuote(unit.id, asked);
  if (!asked)
    return (
      <Button size="small" onClick={() => setAsked(true)} aria-label={`${M.payoffQuote} ${unit.vin}`}>
        {M.payoffQuote}
      </Button>
    );
  if (quote.isPending) return <CircularProgress size={16} />;
  if (quote.isError) return <Typography color="error">{quote.error.message}</Typography>;
  const { quote: found, notice } = quote.data;
  if (!found) return <Typography variant="body2">{notice ?? '—'}</Typography>;
  return <span>${formatAmount(found.total)}</span>;
}

/**
 * /resumen-unidades (issue 29 item 5, types 4 and 5): the dealer's own units by status (each a link to the register
 * filtered to it), their days floored, and what falls due this week — curtailments, maturities and sold units'
 * payoffs — each unit a link to its detail, with the CRM's payoff quote on demand.
 */
export function DealerSummaryPage() {
  const summary = useDealerSummary();
  if (summary.isPending) return <CircularProgress aria-label={M.dealerTitle} />;
  if (summary.isError) return <Alert severity="error">{summary.error.message}</Alert>;
  const data = summary.data;
  const byStatus = new Map(data.byStatus.map((s) => [s.status, s]));
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {M.asOf(data.today)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {FINANCED_UNIT_STATUSES.map((status) => {
          const row = byStatus.get(status);
          return (
            <Paper key={status} variant="outlined" sx={{ p: 2 }} data-testid={`status-${status}`}>
              <Typography variant="body2" color="text.secondary" component="h3">
                {financedUnitStatusName(status)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
                <Link component={RouterLink} to={`/unidades-financiadas?status=${status}`}>
                  {M.units(row?.count ?? 0)}
                </Link>
              </Typography>
              <Typography variant="body2">${formatAmount(row?.amount ?? '0')}</Typography>
            </Paper>
          );
        })}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary" component="h3">
            {M.daysFloored}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
            {data.daysFloored.average}
          </Typography>
          <Typography variant="body2">máx. {data.daysFloored.oldest}</Typography>
        </Paper>
      </Box>
      <Typography variant="h6" component="h2" sx={{ fontSize: 17, mt: 3, mb: 1 }}>
        {M.dueThisWeek} ({data.dueThisWeekTotal})
      </Typography>
      {/* A phone scrolls the table inside its own box, never the whole page sideways. */}
      <TableContainer>
        <Table size="small" aria-label={M.dueThisWeek}>
          <TableHead>
            <TableRow>
              <TableCell>{M.dueOn}</TableCell>
              <TableCell>VIN</TableCell>
              <TableCell>Unidad</TableCell>
              <TableCell>Concepto</TableCell>
              <TableCell align="right">{M.amount}</TableCell>
              <TableCell align="right">{M.daysFloored}</TableCell>
              <TableCell>{M.payoffQuote}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.dueThisWeek.length === 0 && <EmptyTableRow colSpan={7} />}
            {data.dueThisWeek.map((unit) => (
              <TableRow key={`${unit.id}-${unit.kind}`}>
                <TableCell>{shownDay(unit.date)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/unidades-financiadas/${unit.id}`}>
                    {unit.vin}
                  </Link>
                </TableCell>
                <TableCell>{unit.description}</TableCell>
                <TableCell>{M.dueKind[unit.kind]}</TableCell>
                <TableCell align="right">${formatAmount(unit.amount)}</TableCell>
                <TableCell align="right">{unit.daysFloored}</TableCell>
                <TableCell>
                  <PayoffQuote unit={unit} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
