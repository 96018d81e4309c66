import type { GridColumn, GridRow } from './grid-column';
import { formatAmount, formatDate, formatDateTime } from '../lib/format';

type ColumnOptions = { withTime?: boolean; sortable?: boolean; flex?: number; minWidth?: number };

/** What a date and an amount column share: sortable unless told, the given flex, a minimum width by kind. */
const valueColumn = <R extends GridRow>(
  field: string,
  headerName: string,
  options: ColumnOptions,
  minWidth: number,
): GridColumn<R> => ({
  field,
  headerName,
  sortable: options.sortable ?? true,
  flex: options.flex,
  minWidth: options.minWidth ?? minWidth,
});

/** A date column shown as dd/MM/yyyy (or dd/MM/yyyy HH:mm) whatever the API sends (spec 1 §9). */
export function dateColumn<R extends GridRow>(
  field: string,
  headerName: string,
  options: ColumnOptions = {},
): GridColumn<R> {
  return {
    ...valueColumn<R>(field, headerName, options, options.withTime ? 150 : 110),
    valueFormatter: (value: unknown) =>
      options.withTime ? formatDateTime(value as string | null) : formatDate(value as string | null),
  };
}

/** An amount column in en-US with 2 decimals, right-aligned (spec 1 §9). */
export function amountColumn<R extends GridRow>(
  field: string,
  headerName: string,
  options: ColumnOptions = {},
): GridColumn<R> {
  return {
    ...valueColumn<R>(field, headerName, options, 130),
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: unknown) => formatAmount(value as number | string | null),
  };
}

/** The row's actions (icons or buttons), which the server cannot sort by. */
export function actionsColumn<R extends GridRow>(
  minWidth: number,
  renderCell: GridColumn<R>['renderCell'],
  headerName = 'Acciones',
): GridColumn<R> {
  return { field: 'actions', headerName, sortable: false, minWidth, renderCell };
}
