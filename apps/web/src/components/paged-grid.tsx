import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { COUNT_CAP, MESSAGES, gridRowsOfMoreThan } from '@planpiso/domain';
import { cellContent, parseSort, type GridColumn, type GridRow } from './grid-column';
import { Pager } from './pager';
import './paged-grid.css';

/** The paging and sort part of a list state (see useUrlListState). */
export type GridListState = {
  page: number;
  pageSize: number;
  sort: string;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string | undefined) => void;
};

type Props<R extends GridRow> = {
  label: string;
  columns: readonly GridColumn<R>[];
  rows: readonly R[] | undefined;
  total: number | undefined;
  /** The server's `totalIsEstimate`: the total is a guess past COUNT_CAP, shown as "más de 10,000". */
  totalIsEstimate?: boolean | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  list: GridListState;
  getRowId?: (row: R) => string | number;
  /** The empty state's words (default MESSAGES.emptyGrid). */
  emptyLabel?: string;
};

const rowIdOf = (row: GridRow) => (row as { id: string | number }).id;

/** A cell's classes: the base, its alignment and the flags that hold. */
function cellClass(
  align: 'left' | 'right' | 'center' | undefined,
  extra: string,
  flags: Record<string, boolean>,
): string {
  const names = ['pp-grid__cell', extra, align === 'right' || align === 'center' ? `pp-grid__cell--${align}` : ''];
  for (const [name, on] of Object.entries(flags)) if (on) names.push(name);
  return names.filter(Boolean).join(' ');
}

/** A fixed column keeps its width; a flexible one starts from its minimum. */
const widthOf = (column: Pick<GridColumn<GridRow>, 'width' | 'minWidth'>) => ({
  minWidth: column.width ?? column.minWidth,
  width: column.width,
});

/**
 * Every list's grid (ARCHITECTURE §7, decision 089): server paging (10/25/50/100, default 10) and sorting, Spanish
 * texts, and loading, empty and error states; the page, size and sort live in the URL through `list`. A table with
 * the grid's roles and keys (arrows, Home, End between cells) rather than MUI X's DataGrid: a page holds at most 100
 * rows that the server already sorted, and the DataGrid's 97 KiB and its first render were most of a list's load.
 */
export function PagedGrid<R extends GridRow>(props: Props<R>) {
  const { list, columns } = props;
  const table = useRef<HTMLTableElement>(null);
  // The one cell Tab reaches (the grid's roving tab stop); arrows move it. Row 0 is the header.
  const [active, setActive] = useState({ row: 0, col: 0 });

  if (props.error) {
    return (
      <Paper sx={{ p: 3, border: 1, borderColor: 'divider' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={props.onRetry}>
              {MESSAGES.retry}
            </Button>
          }
        >
          {MESSAGES.loadError}
        </Alert>
      </Paper>
    );
  }

  const rows = props.rows ?? [];
  const getRowId = props.getRowId ?? rowIdOf;
  const sort = parseSort(list.sort);
  const offset = (list.page - 1) * list.pageSize;
  const lastRow = rows.length;
  const stop = { row: Math.min(active.row, lastRow), col: Math.min(active.col, columns.length - 1) };
  const tabIndexOf = (row: number, col: number) => (row === stop.row && col === stop.col ? 0 : -1);

  const toggleSort = (column: GridColumn<R>) => {
    if (column.sortable === false) return;
    const direction = sort.field === column.field && sort.direction === 'asc' ? 'desc' : 'asc';
    list.setSort(`${column.field}:${direction}`);
  };

  const moveFocus = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = event.target as HTMLElement;
    // Keys inside a cell's own control (a checkbox, a switch, a link) are the control's.
    if (cell.tagName !== 'TD' && cell.tagName !== 'TH') return;
    const from = {
      row: (cell.parentElement as HTMLTableRowElement).rowIndex,
      col: (cell as HTMLTableCellElement).cellIndex,
    };
    const to = { ...from };
    if (event.key === 'ArrowDown') to.row = Math.min(from.row + 1, lastRow);
    else if (event.key === 'ArrowUp') to.row = Math.max(from.row - 1, 0);
    else if (event.key === 'ArrowRight') to.col = Math.min(from.col + 1, columns.length - 1);
    else if (event.key === 'ArrowLeft') to.col = Math.max(from.col - 1, 0);
    else if (event.key === 'Home') to.col = 0;
    else if (event.key === 'End') to.col = columns.length - 1;
    else if ((event.key === 'Enter' || event.key === ' ') && from.row === 0) {
      event.preventDefault();
      toggleSort(columns[from.col]!);
      return;
    } else return;
    event.preventDefault();
    const target = table.current?.rows[to.row]?.cells[to.col];
    target?.focus();
  };
  const onCellFocus = (event: FocusEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest('td, th') as HTMLTableCellElement | null;
    if (cell?.parentElement)
      setActive({ row: (cell.parentElement as HTMLTableRowElement).rowIndex, col: cell.cellIndex });
  };

  return (
    <Paper sx={{ border: 1, borderColor: 'divider', position: 'relative', overflow: 'hidden' }}>
      {/* A thin bar over the current rows rather than skeleton rows: the page does not jump while it loads. */}
      {props.loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
      <div className="pp-grid__scroll">
        <table
          ref={table}
          className="pp-grid"
          role="grid"
          aria-label={props.label}
          aria-busy={props.loading || undefined}
          aria-rowcount={(props.total ?? rows.length) + 1}
          aria-colcount={columns.length}
          onKeyDown={moveFocus}
          onFocus={onCellFocus}
        >
          <thead>
            <tr role="row" aria-rowindex={1}>
              {columns.map((column, col) => {
                const sortable = column.sortable !== false;
                const sorted = sort.field === column.field;
                return (
                  <th
                    key={column.field}
                    role="columnheader"
                    scope="col"
                    tabIndex={tabIndexOf(0, col)}
                    className={cellClass(column.headerAlign ?? column.align, 'pp-grid__head', {
                      'pp-grid__head--sortable': sortable,
                    })}
                    style={widthOf(column)}
                    aria-sort={sorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    onClick={sortable ? () => toggleSort(column) : undefined}
                    title={column.description}
                  >
                    {sortable ? (
                      // The header cell sorts (a click anywhere on it); the arrow only shows the order.
                      <span className="pp-grid__sort">
                        {column.headerName}
                        <svg className="pp-grid__arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                          <path d="M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z" />
                        </svg>
                      </span>
                    ) : (
                      column.headerName
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="pp-grid__cell pp-grid__empty">
                  {props.loading ? '' : (props.emptyLabel ?? MESSAGES.emptyGrid)}
                </td>
              </tr>
            )}
            {rows.map((row, index) => (
              <tr
                key={getRowId(row)}
                className="pp-grid__row"
                role="row"
                aria-rowindex={offset + index + 2}
                data-rowindex={index}
              >
                {columns.map((column, col) => (
                  <td
                    key={column.field}
                    data-field={column.field}
                    role="gridcell"
                    tabIndex={tabIndexOf(index + 1, col)}
                    // A flexible column (a name, a description) wraps; the others (dates, amounts, icons) keep one line.
                    className={cellClass(column.align, '', { 'pp-grid__cell--nowrap': !column.flex })}
                    style={widthOf(column)}
                  >
                    {cellContent(column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        ruled
        label="Filas por página:"
        count={props.total ?? 0}
        // Never past the last page (a filtered list shrinks while its old page is in the URL).
        page={Math.max(0, Math.min(list.page - 1, Math.ceil((props.total ?? 0) / list.pageSize) - 1))}
        pageSize={list.pageSize}
        onPageChange={(page) => list.setPage(page + 1)}
        onPageSizeChange={list.setPageSize}
        // With an estimated total the pager names the cap, not the guess ("1–10 de más de 10,000").
        displayedRows={props.totalIsEstimate ? (from, to) => gridRowsOfMoreThan(from, to, COUNT_CAP) : undefined}
      />
    </Paper>
  );
}
