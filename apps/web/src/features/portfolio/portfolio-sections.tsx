import { Link as RouterLink } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AGING_BUCKETS, PORTFOLIO_MESSAGES as M, formatAmountText, type PortfolioView } from '@planpiso/domain';
import { EmptyTableRow } from '../../components/empty-table-row';
import { formatAmount } from '../../lib/format';
import { registerLink } from './portfolio-links';

// The portfolio's sections: the aging buckets (chart and table) and the exposure by group (pie) and by company
// (table), each count a link to the register.
/** A chart's value: the amount as a number (the chart draws it; the tables show the exact text). */
const amountNumber = (amount: string) => Number(amount);
const TOP = 10;

export function Exposure({ view }: { view: PortfolioView }) {
  const groups = view.byGroup.slice(0, TOP);
  const companies = view.byCompany.slice(0, 20);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
      <Paper variant="outlined" sx={{ p: 1 }} aria-label={M.byGroup}>
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {M.byGroup}
        </Typography>
        <PieChart
          height={240}
          series={[
            {
              data: groups.map((g) => ({ id: g.accountId, value: amountNumber(g.amount), label: g.accountName })),
              valueFormatter: (item) => formatAmountText(item.value),
              innerRadius: 40,
            },
          ]}
          hideLegend
        />
        <Table size="small">
          <TableBody>
            {groups.length === 0 && <EmptyTableRow colSpan={3} />}
            {groups.map((g) => (
              <TableRow key={g.accountId}>
                <TableCell>{g.accountName}</TableCell>
                <TableCell align="right">
                  <Link component={RouterLink} to={registerLink({ figure: 'exposure', account: g.accountId })}>
                    {g.count.toLocaleString('es-MX')}
                  </Link>
                </TableCell>
                <TableCell align="right">${formatAmount(g.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Table size="small" aria-label={M.byCompany}>
        <TableHead>
          <TableRow>
            <TableCell>{M.company}</TableCell>
            <TableCell>{M.group}</TableCell>
            <TableCell align="right">{M.count}</TableCell>
            <TableCell align="right">{M.exposure}</TableCell>
            <TableCell align="right">{M.lineLimit}</TableCell>
            <TableCell align="right">{M.percent}</TableCell>
            <TableCell align="right">{M.soldOutOfTrust}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {companies.length === 0 && <EmptyTableRow colSpan={7} />}
          {companies.map((c) => (
            <TableRow key={c.companyId}>
              <TableCell>{c.companyName}</TableCell>
              <TableCell>{c.accountName}</TableCell>
              <TableCell align="right">
                <Link component={RouterLink} to={registerLink({ figure: 'exposure', company: c.companyId })}>
                  {c.count.toLocaleString('es-MX')}
                </Link>
              </TableCell>
              <TableCell align="right">${formatAmount(c.amount)}</TableCell>
              <TableCell align="right">{c.line ? `$${formatAmount(c.line.limit)}` : M.noLine}</TableCell>
              <TableCell align="right">{c.line?.percent ?? ''}</TableCell>
              <TableCell align="right">
                <Link component={RouterLink} to={registerLink({ figure: 'soldOutOfTrust', company: c.companyId })}>
                  {c.soldOutOfTrust.count.toLocaleString('es-MX')}
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * /cartera (issue 29 item 4, types 1–3; type 3 its accounts): the lender's portfolio — exposure, line use, the sold
 * and SOT units, open audits, curtailments and maturities due in 7 and 30 days, aging by days floored, exposure by
 * group and company — as numbers and charts; each count opens the register filtered to exactly those units.
 */

export function Aging({ view }: { view: PortfolioView }) {
  const labels = AGING_BUCKETS.map((b) => b.label);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
      <Paper variant="outlined" sx={{ p: 1 }}>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ width: 90, valueFormatter: (value: number) => formatAmountText(value) }]}
          series={[
            {
              data: view.aging.map((b) => amountNumber(b.amount)),
              label: M.amount,
              color: '#0e3a66',
              valueFormatter: (value) => (value === null ? '' : formatAmountText(value)),
            },
          ]}
        />
      </Paper>
      <Table size="small" aria-label={M.aging}>
        <TableHead>
          <TableRow>
            <TableCell>{M.aging}</TableCell>
            <TableCell align="right">{M.count}</TableCell>
            <TableCell align="right">{M.amount}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {view.aging.map((bucket, index) => (
            <TableRow key={bucket.bucket}>
              <TableCell>{labels[index]}</TableCell>
              <TableCell align="right">
                <Link
                  component={RouterLink}
                  to={registerLink({ figure: 'aging', bucket: bucket.bucket })}
                  data-testid={`aging-${bucket.bucket}-link`}
                >
                  {bucket.count.toLocaleString('es-MX')}
                </Link>
              </TableCell>
              <TableCell align="right">${formatAmount(bucket.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
