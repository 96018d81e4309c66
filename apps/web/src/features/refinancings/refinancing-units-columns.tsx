import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import EditCalendar from '@mui/icons-material/EditCalendarOutlined';
import type { GridColumn } from '../../components/grid-column';
import type { RefinancingAvailableUnit } from '@planpiso/domain';
import { amountColumn, dateColumn, actionsColumn } from '../../components/grid-columns';
import { IconAction } from '../../components/icon-action';

type Unit = RefinancingAvailableUnit;
export type UnitActions = {
  /** The Incluir checkbox is shown (the user may create a refinancing). */
  ticks: boolean;
  isChecked: (id: number) => boolean;
  tick: (unit: Unit, checked: boolean) => void;
  changeTerm: (unit: Unit) => void;
  toggleSold: (unit: Unit) => void;
};

/**
 * The grid of /refinanciamientos/unidades (spec 3 §2): Incluir, N° VIN, Modelo, N° Motor, Color, Plazo, Monto
 * (en-US), Fecha de alta, Acciones (Actualizar the term, Vendido). Sortable fields are the server's (vinNumber,
 * deadlines, amount).
 */
export function refinancingUnitColumns(actions: UnitActions): GridColumn<Unit>[] {
  const include: GridColumn<Unit> = {
    field: 'check',
    headerName: 'Incluir',
    sortable: false,
    width: 70,
    renderCell: ({ row }) => (
      <Checkbox
        size="small"
        checked={actions.isChecked(row.id)}
        onChange={(event) => actions.tick(row, event.target.checked)}
        slotProps={{ input: { 'aria-label': `Incluir ${row.vinNumber}` } }}
      />
    ),
  };
  return [
    ...(actions.ticks ? [include] : []),
    { field: 'vinNumber', headerName: 'N° VIN', flex: 1.2, minWidth: 170 },
    { field: 'model', headerName: 'Modelo', sortable: false, minWidth: 80 },
    { field: 'motorNumber', headerName: 'N° Motor', sortable: false, flex: 1, minWidth: 120 },
    { field: 'color', headerName: 'Color', sortable: false, flex: 0.6, minWidth: 90 },
    {
      field: 'deadlines',
      headerName: 'Plazo',
      minWidth: 70,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (value: number | null) => (value === null ? '-' : String(value)),
    },
    amountColumn<Unit>('amount', 'Monto', { minWidth: 110 }),
    dateColumn<Unit>('createdAt', 'Fecha de alta', { sortable: false, minWidth: 110 }),
    actionsColumn(180, ({ row }) => (
      <Stack direction="row" spacing={1} sx={{ height: '100%', alignItems: 'center' }}>
        <IconAction
          title="Actualizar"
          label={`Actualizar ${row.vinNumber}`}
          icon={<EditCalendar fontSize="small" />}
          onClick={() => actions.changeTerm(row)}
        />
        <FormControlLabel
          sx={{ m: 0 }}
          control={
            <Switch
              size="small"
              checked={row.isSold}
              onChange={() => actions.toggleSold(row)}
              slotProps={{ input: { 'aria-label': `Vendido ${row.vinNumber}` } }}
            />
          }
          label="Vendido"
          slotProps={{ typography: { variant: 'body2' } }}
        />
      </Stack>
    )),
  ];
}
