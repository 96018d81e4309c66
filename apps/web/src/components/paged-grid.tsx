import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { COUNT_CAP, MESSAGES, PAGE_SIZES, gridRowsOfMoreThan } from '@planpiso/domain';

/** The paging and sort part of a list state (see useUrlListState). */
export type GridListState = {
  page: number;
  pageSize: number;
  sort: string;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string | undefined) => void;
};

type Props<R extends GridValidRowModel> = {
  label: string;
  columns: readonly GridColDef<R>[];
  rows: readonly R[] | undefined;
  total: number | undefined;
  /** The server's `totalIsEstimate`: the total is a guess past COUNT_CAP, shown as "más de 10,000". */
  totalIsEstimate?: boolean | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  list: GridListState;
  getRowId?: GridRowIdGetter<R>;
  /** Tests only: jsdom has no layout, so virtualised rows would never render. */
  disableVirtualization?: boolean;
};

const localeText = { ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: MESSAGES.emptyGrid };
/** With an estimated total the pager names the cap, not the guess ("1–10 de más de 10,000"). */
const estimatedLocaleText = {
  ...localeText,
  paginationDisplayedRows: ({ from, to }: { from: number; to: number }) => gridRowsOfMoreThan(from, to, COUNT_CAP),
};

function toSortModel(sort: string): GridSortModel {
  const [field, direction] = sort.split(':');
  return field ? [{ field, sort: direction === 'desc' ? 'desc' : 'asc' }] : [];
}

/**
 * Every list's grid (ARCHITECTURE §7): server paging (10/25/50/100, default 10) and sorting, Spanish texts,
 * and loading, empty and error states. The page, size and sort live in the URL through `list`.
 */
export function PagedGrid<R extends GridValidRowModel>(props: Props<R>) {
  const { list } = props;
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

  const onPagination = (model: GridPaginationModel) => {
    if (model.pageSize !== list.pageSize) list.setPageSize(model.pageSize);
    else if (model.page + 1 !== list.page) list.setPage(model.page + 1);
  };
  const onSort = (model: GridSortModel) => {
    const first = model[0];
    list.setSort(first?.sort ? `${first.field}:${first.sort}` : undefined);
  };

  return (
    <DataGrid
      aria-label={props.label}
      label={props.label}
      columns={props.columns}
      rows={props.rows ?? []}
      rowCount={props.total ?? 0}
      getRowId={props.getRowId}
      loading={props.loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      pageSizeOptions={[...PAGE_SIZES]}
      paginationModel={{ page: list.page - 1, pageSize: list.pageSize }}
      onPaginationModelChange={onPagination}
      sortModel={toSortModel(list.sort)}
      onSortModelChange={onSort}
      sortingOrder={['asc', 'desc']}
      localeText={props.totalIsEstimate ? estimatedLocaleText : localeText}
      disableColumnFilter
      disableRowSelectionOnClick
      disableVirtualization={props.disableVirtualization}
      autoHeight
      // A thin bar over the current rows rather than skeleton rows: the page does not jump while it loads.
      slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
}
