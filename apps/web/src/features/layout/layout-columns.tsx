import TextField from '@mui/material/TextField';
import {
  LAYOUT_NOT_APPLICABLE,
  LAYOUT_TERM_MAX,
  LAYOUT_TERM_MIN,
  type LayoutRow,
  type LayoutTerm,
} from '@planpiso/domain';
import type { GridColumn } from '../../components/grid-column';
import { formatAmount, formatDate } from '../../lib/format';

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
export function layoutColumns(
  termOf: (row: LayoutRow) => LayoutTerm,
  editing: boolean,
  onTerm: (unitId: number, term: LayoutTerm) => void,
): GridColumn<LayoutRow>[] {
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
