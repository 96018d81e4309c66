import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import {
  LAYOUT_MESSAGES,
  LAYOUT_NOT_APPLICABLE,
  LAYOUT_TERM_MAX,
  LAYOUT_TERM_MIN,
  layoutApplyEntry,
  layoutMonthsError,
  type LayoutRow,
  type LayoutTerm,
} from '@planpiso/domain';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { ApiError } from '../../lib/api-client';
import { formatAmount, formatDate } from '../../lib/format';
import { applyLayout, downloadLayout, useLayout } from './api/layout';

type Terms = ReadonlyMap<number, LayoutTerm>;

const TERM_OPTIONS: LayoutTerm[] = [
  LAYOUT_NOT_APPLICABLE,
  ...Array.from({ length: LAYOUT_TERM_MAX - LAYOUT_TERM_MIN + 1 }, (_, i) => LAYOUT_TERM_MIN + i),
];

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');
const money = (value: string) => formatAmount(value);

/**
 * The layout row of spec 3 §3; what the administrator decides on first (credit, VIN, the suggested term — editable
 * in edit mode — and why), then the credit's other data.
 */
function columns(
  termOf: (row: LayoutRow) => LayoutTerm,
  editing: boolean,
  onTerm: (unitId: number, term: LayoutTerm) => void,
): GridColDef<LayoutRow>[] {
  return [
    { field: 'noCredito', headerName: 'No. Crédito', minWidth: 130 },
    { field: 'vin', headerName: 'VIN', minWidth: 190 },
    { field: 'modelo', headerName: 'Modelo', minWidth: 80 },
    { field: 'tipo', headerName: 'Tipo', minWidth: 100 },
    {
      field: 'plazoSugerido',
      headerName: 'Plazo sugerido',
      minWidth: 130,
      sortable: false,
      valueGetter: (_value, row) => termOf(row),
      // A unit under audit or not refinanceable keeps its N/A (spec 3 §5): only the others' terms are edited.
      renderCell: ({ row }) =>
        editing && row.puedeRefinanciar ? (
          <TextField
            select
            size="small"
            variant="standard"
            value={String(termOf(row))}
            onChange={(event) => {
              const value = event.target.value;
              onTerm(row.unitId, value === LAYOUT_NOT_APPLICABLE ? LAYOUT_NOT_APPLICABLE : Number(value));
            }}
            slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Plazo sugerido ${row.vin}` } }}
          >
            {TERM_OPTIONS.map((term) => (
              <option key={term} value={String(term)}>
                {term}
              </option>
            ))}
          </TextField>
        ) : (
          String(termOf(row))
        ),
    },
    {
      field: 'puedeRefinanciar',
      headerName: 'Puede refinanciar',
      minWidth: 140,
      valueFormatter: (v: boolean) => yesNo(v),
    },
    { field: 'diasRescate', headerName: 'Días rescate', minWidth: 110 },
    {
      field: 'fechaVencimiento',
      headerName: 'Fecha vencimiento',
      minWidth: 140,
      valueFormatter: (v: string) => formatDate(v),
    },
    { field: 'asignacion', headerName: 'Asignación', minWidth: 170 },
    { field: 'agencia', headerName: 'Agencia', minWidth: 140 },
    { field: 'contrato', headerName: 'Contrato', minWidth: 170 },
    { field: 'plazo', headerName: 'Plazo', minWidth: 70 },
    { field: 'tasa', headerName: 'Tasa', minWidth: 70 },
    { field: 'saldoCapital', headerName: 'Saldo capital', minWidth: 120, valueFormatter: (v: string) => money(v) },
    { field: 'finbeCob', headerName: 'FinBe Cob', minWidth: 90, valueFormatter: (v: boolean) => yesNo(v) },
    { field: 'fechaInicio', headerName: 'Fecha inicio', minWidth: 110, valueFormatter: (v: string) => formatDate(v) },
    { field: 'diasTranscurridos', headerName: 'Días transcurridos', minWidth: 140 },
    { field: 'plazoFinanciamiento', headerName: 'Plazo financiamiento', minWidth: 160 },
  ];
}

/**
 * /layout, Generación de layout (spec 3 §2, §4 "Layout", §5, §7; issue 19; decision 043). 'Calculo de meses' with
 * the months of anticipation, then the financed units due within them, by noCredito. Editar opens every row's
 * suggested term; Guardar confirms the edits, Cancelar restores the snapshot taken when editing started. Descargar
 * and Aplicar use the confirmed terms; both refuse an empty layout.
 */
export function LayoutPage() {
  const [monthsText, setMonthsText] = useState('');
  const [monthsError, setMonthsError] = useState<string | null>(null);
  const [months, setMonths] = useState<number | null>(null);
  const layout = useLayout(months);
  const rows = useMemo(() => layout.data ?? [], [layout.data]);

  /** The confirmed edits over the server's suggestion, and the edits under way (null: not editing). */
  const [confirmed, setConfirmed] = useState<Terms>(new Map());
  const [draft, setDraft] = useState<Terms | null>(null);
  const editing = draft !== null;
  const [result, setResult] = useState<ActionResult | null>(null);
  const [downloading, setDownloading] = useState(false);

  const termOf = (terms: Terms) => (row: LayoutRow) => terms.get(row.unitId) ?? row.plazoSugerido;
  const shown = termOf(draft ?? confirmed);
  const confirmedTerm = termOf(confirmed);

  const search = () => {
    const error = layoutMonthsError(monthsText);
    setMonthsError(error);
    if (error) return;
    setConfirmed(new Map());
    setDraft(null);
    setMonths(Number(monthsText));
  };

  const apply = useConfirmedAction<LayoutRow[]>({
    prompt: () => ({ message: LAYOUT_MESSAGES.confirmApply }),
    run: async (subject) => {
      const answer = await applyLayout({
        units: subject.map((row) => layoutApplyEntry({ unitId: row.unitId, plazoSugerido: confirmedTerm(row) })),
      });
      return { message: answer.message ?? LAYOUT_MESSAGES.applied };
    },
    onAccepted: (ok) => void (ok && layout.refetch()),
  });

  const download = async () => {
    if (months === null) return;
    if (rows.length === 0) return setResult({ ok: false, message: LAYOUT_MESSAGES.empty });
    setDownloading(true);
    try {
      await downloadLayout(
        months,
        rows.map((row) => ({ unitId: row.unitId, plazoSugerido: confirmedTerm(row) })),
      );
      setResult({ ok: true, message: LAYOUT_MESSAGES.downloaded });
    } catch (error) {
      setResult(errorResult(error));
    } finally {
      setDownloading(false);
    }
  };

  const grid = useMemo(
    () => columns(shown, editing, (unitId, term) => setDraft((d) => new Map(d ?? confirmed).set(unitId, term))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [draft, confirmed, editing],
  );
  const failure = layout.error instanceof ApiError ? layout.error : null;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          {LAYOUT_MESSAGES.monthsSection}
        </Typography>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <TextField
            label={LAYOUT_MESSAGES.monthsField}
            type="number"
            size="small"
            value={monthsText}
            onChange={(event) => setMonthsText(event.target.value)}
            error={monthsError !== null}
            helperText={monthsError ?? ' '}
            slotProps={{ htmlInput: { min: 0 } }}
          />
          <Button type="submit" variant="contained">
            Buscar
          </Button>
        </Box>
      </Paper>

      {failure && <Alert severity="error">{failure.message}</Alert>}

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {editing ? (
          <>
            <Button onClick={() => setDraft(null)}>Cancelar</Button>
            <Button
              variant="contained"
              onClick={() => {
                setConfirmed(draft);
                setDraft(null);
              }}
            >
              Guardar
            </Button>
          </>
        ) : (
          <Button variant="outlined" disabled={rows.length === 0} onClick={() => setDraft(new Map(confirmed))}>
            Editar
          </Button>
        )}
        <Button variant="outlined" disabled={editing || months === null || downloading} onClick={() => void download()}>
          Descargar
        </Button>
        <Button
          variant="contained"
          disabled={editing || months === null || apply.running}
          onClick={() =>
            rows.length === 0 ? setResult({ ok: false, message: LAYOUT_MESSAGES.empty }) : apply.ask(rows)
          }
        >
          Aplicar
        </Button>
      </Stack>

      <Box sx={{ height: 520 }}>
        <DataGrid
          aria-label="Layout"
          rows={rows}
          columns={grid}
          getRowId={(row) => row.unitId}
          loading={layout.isFetching}
          initialState={{
            sorting: { sortModel: [{ field: 'noCredito', sort: 'asc' }] },
            pagination: { paginationModel: { pageSize: 10 } },
          }}
          pageSizeOptions={[10, 25, 50, 100]}
          disableRowSelectionOnClick
          // At most 100 rows a page: every column is in the page, so the terms are reachable without scrolling to render.
          disableVirtualization
          localeText={{
            ...esES.components.MuiDataGrid.defaultProps.localeText,
            noRowsLabel: months === null ? '' : LAYOUT_MESSAGES.emptySearch,
          }}
        />
      </Box>
      {apply.dialogs}
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </Stack>
  );
}
