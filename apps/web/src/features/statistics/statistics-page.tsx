import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Download from '@mui/icons-material/Download';
import Search from '@mui/icons-material/Search';
import {
  MESSAGES,
  formatAmountText,
  lineTypeLabel,
  type StatisticsQuery,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateRange } from '../../components/date-range';
import { SelectField } from '../../components/form/select-field';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { ApiError } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { useSession } from '../../lib/session';
import { downloadStatisticsPdf, useCustomers, useStatistics, useStatisticsLines } from './api/statistics';

// The chart library is large: it loads with the chart, not with the page.
const StatisticsChart = lazy(async () => ({ default: (await import('./statistics-chart')).StatisticsChart }));

type Filters = { clientId: string; creditLine: string; from: string; to: string };

/**
 * /estadisticas-disposiciones (spec 2 "Provisions statistics", spec 3 "Statistics"): the customers assigned to the
 * user, a credit line, a date range and Buscar; the 12-month chart and its table; Descargar for the landscape PDF.
 */
export function StatisticsPage() {
  const session = useSession();
  const userId = session?.user.id ?? 0;
  const customers = useCustomers(userId);
  const { control, handleSubmit, watch, setValue } = useForm<Filters>({
    defaultValues: { clientId: '', creditLine: '', from: '', to: '' },
  });
  const clientId = watch('clientId');
  const lines = useStatisticsLines(clientId || null);
  const [query, setQuery] = useState<StatisticsQuery | null>(null);
  const graph = useStatistics(query);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState(false);

  // spec 2 §2: once the customers load, say what to do next.
  const greeted = useRef(false);
  useEffect(() => {
    if (customers.isSuccess && !greeted.current) {
      greeted.current = true;
      setResult({
        ok: true,
        title: CONFIGURATION_MESSAGES.statisticsSearchTitle,
        message: CONFIGURATION_MESSAGES.statisticsSearchHint,
      });
    }
  }, [customers.isSuccess]);

  const customerOptions = useMemo(
    () =>
      (customers.data ?? [])
        .filter((c) => c.clientId)
        .map((c) => ({ value: c.clientId!, label: `${c.name} (${c.clientId})` })),
    [customers.data],
  );
  // A customer whose provisions used no line: an empty picker would say nothing, so say why (issue 14 §1.4).
  const noLines = !!clientId && lines.isSuccess && lines.data.length === 0;
  const lineOptions = (lines.data ?? []).map((l) => ({
    value: l.creditLine,
    label: `${l.creditLine} · ${lineTypeLabel(Number(l.typeLine))}`,
  }));

  const search = handleSubmit((values) => {
    if (!values.clientId) return;
    setQuery({
      clientId: values.clientId,
      creditLine: values.creditLine || undefined,
      from: values.from || undefined,
      to: values.to || undefined,
    });
  });

  const download = async () => {
    if (!query) return;
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadStatisticsPdf(query);
      saveFile(blob, fileName ?? 'Estadísticas de disposiciones.pdf');
      setResult({
        ok: true,
        title: CONFIGURATION_MESSAGES.statisticsDownloadedTitle,
        message: CONFIGURATION_MESSAGES.statisticsDownloaded,
      });
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setDownloading(false);
      setAsking(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper
        component="form"
        role="search"
        noValidate
        onSubmit={(event) => void search(event)}
        sx={{
          p: 2,
          border: 1,
          borderColor: 'divider',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          // Wide enough for a customer's name with its number and a line with its type; the dates wrap below.
          '& > *': { flex: '1 1 150px' },
          '& > .pp-customer': { flex: '2 1 300px' },
          '& > .pp-line': { flex: '1.5 1 240px' },
          // The range stays together, and each date is wide enough for dd/MM/yyyy beside its buttons (issue 26
          // §16: '01/12/202'); on a phone each takes the whole width.
          '& > .pp-dates': { flex: '2 1 416px', display: 'flex', flexWrap: 'wrap', gap: 2 },
          '& > .pp-dates > *': { flex: '1 1 200px' },
          '& > button': { flex: '0 0 auto', height: 40 },
        }}
      >
        <SelectField
          className="pp-customer"
          control={control}
          name="clientId"
          label="Cliente"
          placeholder={CONFIGURATION_MESSAGES.statisticsCustomerPlaceholder}
          options={customerOptions}
          size="small"
          // A line belongs to one customer: choosing another customer clears it.
          onPicked={() => setValue('creditLine', '')}
        />
        <SelectField
          control={control}
          name="creditLine"
          label="Línea de crédito"
          placeholder={CONFIGURATION_MESSAGES.statisticsLinePlaceholder}
          options={lineOptions}
          size="small"
          disabled={!clientId || noLines}
          helperText={noLines ? CONFIGURATION_MESSAGES.statisticsNoLines : undefined}
          className="pp-line"
        />
        <Box className="pp-dates">
          <DateRange control={control} from="from" to="to" />
        </Box>
        <Button type="submit" variant="contained" startIcon={<Search />} disabled={!clientId}>
          Buscar
        </Button>
      </Paper>

      {customers.isError && (
        <Alert severity="error">
          {customers.error instanceof ApiError ? customers.error.message : MESSAGES.loadError}
        </Alert>
      )}
      {graph.isError && (
        <Alert severity="error">{graph.error instanceof ApiError ? graph.error.message : MESSAGES.loadError}</Alert>
      )}
      {query && (graph.isLoading || graph.data) && (
        <Paper sx={{ p: 3, border: 1, borderColor: 'divider', display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Box sx={{ fontWeight: 600 }}>
              {graph.data ? `${graph.data.customer.name} (${graph.data.customer.clientId})` : ''}
            </Box>
            <Button variant="outlined" startIcon={<Download />} onClick={() => setAsking(true)} disabled={!graph.data}>
              Descargar
            </Button>
          </Box>
          {graph.data ? (
            <>
              <Suspense fallback={<Skeleton variant="rounded" height={340} />}>
                <StatisticsChart graph={graph.data} />
              </Suspense>
              <Table size="small" aria-label="Disposiciones por mes">
                <TableHead>
                  <TableRow>
                    <TableCell>Mes</TableCell>
                    <TableCell align="right">Disposiciones</TableCell>
                    <TableCell align="right">Monto total</TableCell>
                    <TableCell align="right">Monto promedio</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {graph.data.rows.map((row) => (
                    <TableRow key={row.month}>
                      <TableCell>{row.label}</TableCell>
                      <TableCell align="right">{row.count}</TableCell>
                      <TableCell align="right">{formatAmountText(row.total)}</TableCell>
                      <TableCell align="right">{formatAmountText(row.average)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : (
            <Skeleton variant="rounded" height={340} />
          )}
        </Paper>
      )}

      <ConfirmDialog
        open={asking}
        title={CONFIGURATION_MESSAGES.statisticsDownloadTitle}
        message={CONFIGURATION_MESSAGES.statisticsDownloadConfirm}
        busy={downloading}
        onConfirm={() => void download()}
        onCancel={() => setAsking(false)}
      />
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </Box>
  );
}
