import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LAYOUT_MESSAGES,
  layoutApplyEntry,
  layoutMonthsError,
  type LayoutRow,
  type LayoutTerm,
} from '@planpiso/domain';
import { useBrowserList } from '../../components/browser-list';
import type { GridColumn } from '../../components/grid-column';
import { PagedGrid } from '../../components/paged-grid';
import { ResultDialog, errorResult, type ActionResult } from '../../components/result-dialog';
import { FormBox } from '../../components/form/form-box';
import { useConfirmedAction } from '../../components/use-confirmed-action';
import { ApiError } from '../../lib/api-client';
import { applyLayout, downloadLayout, useLayout } from './api/layout';
import { layoutColumns } from './layout-columns';

type Terms = ReadonlyMap<number, LayoutTerm>;

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
    () => layoutColumns(shown, editing, (unitId, term) => setDraft((d) => new Map(d ?? confirmed).set(unitId, term))),
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
        <FormBox onSubmit={search} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
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
        </FormBox>
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

      {/* A new search starts on its first page. */}
      <LayoutGrid
        key={months ?? 'none'}
        rows={rows}
        columns={grid}
        loading={layout.isFetching}
        emptyLabel={months === null ? '' : LAYOUT_MESSAGES.emptySearch}
        onRetry={() => void layout.refetch()}
      />
      {apply.dialogs}
      <ResultDialog result={result} onAccept={() => setResult(null)} />
    </Stack>
  );
}

type LayoutGridProps = {
  rows: LayoutRow[];
  columns: GridColumn<LayoutRow>[];
  loading: boolean;
  emptyLabel: string;
  onRetry: () => void;
};

/**
 * The layout's rows, by noCredito, paged in the browser (10/25/50/100): the app's table, as every list (decision 089),
 * its editable term a select in the cell. Its failure is the page's alert (the server's words), not the table's.
 */
function LayoutGrid({ rows, columns, loading, emptyLabel, onRetry }: LayoutGridProps) {
  const browser = useBrowserList(rows, 'noCredito:asc');
  return (
    <PagedGrid
      label="Layout"
      columns={columns}
      {...browser}
      getRowId={(row) => row.unitId}
      loading={loading}
      error={false}
      onRetry={onRetry}
      emptyLabel={emptyLabel}
    />
  );
}
