import Switch from '@mui/material/Switch';
import type { GridColumn, GridRow } from './grid-column';

/**
 * A list's Estatus column: the row's active switch, named "Estatus de <name>". `mayToggle` leaves the cell empty
 * where the row's status machine refuses the caller (spec 1 §6), as the server does.
 */
export function statusColumn<R extends GridRow & { isActive: boolean }>(
  nameOf: (row: R) => string,
  onToggle: (row: R) => void,
  mayToggle: (row: R) => boolean = () => true,
): GridColumn<R> {
  return {
    field: 'isActive',
    headerName: 'Estatus',
    minWidth: 100,
    renderCell: ({ row }) =>
      mayToggle(row) ? (
        <Switch
          size="small"
          checked={row.isActive}
          onChange={() => onToggle(row)}
          slotProps={{ input: { 'aria-label': `Estatus de ${nameOf(row)}` } }}
        />
      ) : null,
  };
}
