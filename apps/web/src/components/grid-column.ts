import type { ReactNode } from 'react';

/** What a row must have: an `id` unless the grid is given `getRowId`. */
export type GridRow = object;

/**
 * One column of a PagedGrid. The names are MUI X DataGrid's (`field`, `headerName`, `valueGetter(value, row)`,
 * `valueFormatter(value, row)`, `renderCell({ row, value })`), the subset the lists use (decision 089).
 */
export type GridColumn<R extends GridRow> = {
  field: string;
  headerName: string;
  /** Shown as the header's hint (its title). */
  description?: string;
  /** A flexible column: its text wraps (a name, a description); the table sizes columns by their content. */
  flex?: number | undefined;
  minWidth?: number | undefined;
  width?: number;
  /** Whether the server can sort by it (default true). */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  headerAlign?: 'left' | 'right' | 'center';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column reads its own field's type
  valueGetter?: (value: any, row: R) => unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as valueGetter
  valueFormatter?: (value: any, row: R) => ReactNode;
  renderCell?: (params: { row: R; value: unknown; field: string }) => ReactNode;
};

/** The value a cell shows: its field, through the column's getter. */
export function cellValue<R extends GridRow>(column: GridColumn<R>, row: R): unknown {
  const raw = (row as Record<string, unknown>)[column.field];
  return column.valueGetter ? column.valueGetter(raw, row) : raw;
}

/** What a cell renders: renderCell, else the formatted value, else the value as text. */
export function cellContent<R extends GridRow>(column: GridColumn<R>, row: R): ReactNode {
  const value = cellValue(column, row);
  if (column.renderCell) return column.renderCell({ row, value, field: column.field });
  if (column.valueFormatter) return column.valueFormatter(value, row);
  return value === null || value === undefined ? '' : String(value);
}

export type SortDirection = 'asc' | 'desc';

/** A list's `field:direction` sort, as the URL and the server write it. */
export function parseSort(sort: string): { field: string; direction: SortDirection } {
  const [field = '', direction] = sort.split(':');
  return { field, direction: direction === 'desc' ? 'desc' : 'asc' };
}
