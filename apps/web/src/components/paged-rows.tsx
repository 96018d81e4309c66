import { useState, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import type { SxProps, Theme } from '@mui/material/styles';
import { PAGE_SIZES } from '@planpiso/domain';
import { EmptyTableRow } from './empty-table-row';
import { Pager } from './pager';

/** A table's paging: the page, its size, the rows it shows and how many there are in all. */
export type PagedRows<R> = {
  /** Every row the screen holds (paged in the browser), or the page's (paged by the server). */
  rows: readonly R[];
  visible: readonly R[];
  /** How many rows there are in all. */
  count: number;
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
  return { rows, visible, count: rows.length, page, pageSize, setPage, setPageSize };
}

/** The page (0-based, as the pager counts) and size a table paged by the server asks for. */
export type PageWindow = Pick<PagedRows<unknown>, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>;

export function usePageWindow(): PageWindow {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  return { page, pageSize, setPage, setPageSize };
}

/** A page the server answered (`items` and `total`), as PagedTable shows it; nothing yet while the first loads. */
export function serverPage<R>(
  window: PageWindow,
  answer: { items: readonly R[]; total: number } | undefined,
): PagedRows<R> {
  const items = answer?.items ?? [];
  return { ...window, rows: items, visible: items, count: answer?.total ?? 0 };
}

type Props = {
  paging: PagedRows<unknown>;
  /** Show the footer even when every row fits on the first page. */
  always?: boolean;
};

/** The footer of a paged table: 'Filas por página' and '1–10 de 25'; hidden up to one page's rows. */
export function RowsPagination({ paging, always = false }: Props) {
  const { count, page, pageSize, setPage, setPageSize } = paging;
  if (!always && count <= PAGE_SIZES[0]) return null;
  return (
    <Pager
      label="Filas por página"
      count={count}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(0);
      }}
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
  /** The server's first page is on its way: no empty state yet. */
  loading?: boolean;
};

/** A small paged table (a provision's or refinancing's units): header, visible rows, footer. */
export function PagedTable<R>({ paging, label, sx, head, columns, row, loading = false }: TableProps<R>) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label} sx={sx}>
          <TableHead>{head}</TableHead>
          <TableBody>
            {paging.count === 0 && <EmptyTableRow colSpan={columns} label={loading ? '' : undefined} />}
            {paging.visible.map((r) => row(r))}
          </TableBody>
        </Table>
      </TableContainer>
      <RowsPagination paging={paging} />
    </>
  );
}
