import { useState, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import type { SxProps, Theme } from '@mui/material/styles';
import { PAGE_SIZES, gridRowsOf } from '@planpiso/domain';
import { EmptyTableRow } from './empty-table-row';

/** A table's paging in the browser: the page, its size and the rows it shows. */
export type PagedRows<R> = {
  rows: readonly R[];
  visible: readonly R[];
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
};

/**
 * Pages rows the screen already holds (a provision's or refinancing's units: one read, paged in the browser), at the
 * list sizes of PAGE_SIZES. Render the footer with RowsPagination.
 */
export function usePagedRows<R>(rows: readonly R[]): PagedRows<R> {
  const [chosenPage, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  // Rows removed from the last page leave the user on the page before, never on an empty one.
  const page = Math.min(chosenPage, Math.max(0, Math.ceil(rows.length / pageSize) - 1));
  const visible = rows.slice(page * pageSize, (page + 1) * pageSize);
  return { rows, visible, page, pageSize, setPage, setPageSize };
}

type Props = {
  paging: PagedRows<unknown>;
  /** Show the footer even when every row fits on the first page. */
  always?: boolean;
};

/** The footer of a table paged by usePagedRows: 'Filas por página' and '1–10 de 25'; hidden up to one page's rows. */
export function RowsPagination({ paging, always = false }: Props) {
  const { rows, page, pageSize, setPage, setPageSize } = paging;
  if (!always && rows.length <= PAGE_SIZES[0]) return null;
  return (
    <TablePagination
      component="div"
      count={rows.length}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_e, next) => setPage(next)}
      onRowsPerPageChange={(e) => {
        setPageSize(Number(e.target.value));
        setPage(0);
      }}
      labelRowsPerPage="Filas por página"
      labelDisplayedRows={({ from, to, count }) => gridRowsOf(from, to, count)}
    />
  );
}

type TableProps<R> = {
  paging: PagedRows<R>;
  /** The table's accessible name. */
  label: string;
  sx?: SxProps<Theme>;
  /** The header row. */
  head: ReactNode;
  /** How many columns the empty state spans. */
  columns: number;
  row: (row: R) => ReactNode;
};

/** A small table paged by usePagedRows (a provision's or refinancing's units): header, visible rows, footer. */
export function PagedTable<R>({ paging, label, sx, head, columns, row }: TableProps<R>) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label} sx={sx}>
          <TableHead>{head}</TableHead>
          <TableBody>
            {paging.rows.length === 0 && <EmptyTableRow colSpan={columns} />}
            {paging.visible.map((r) => row(r))}
          </TableBody>
        </Table>
      </TableContainer>
      <RowsPagination paging={paging} />
    </>
  );
}
