import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@planpiso/domain';
import { parseSort, type GridRow } from './grid-column';
import type { GridListState } from './paged-grid';

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
const compareValues = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a ?? ''), String(b ?? ''));

/**
 * A grid over rows the screen already holds (a provision's signing documents): paged and sorted in the browser by
 * the rows' fields, first in `initialSort` ('field:asc', none by default). Spread its `rows`, `total` and `list`
 * into PagedGrid.
 */
export function useBrowserList<R extends GridRow>(all: readonly R[] | undefined, initialSort = '') {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(initialSort);
  const sorted = useMemo(() => {
    const { field, direction } = parseSort(sort);
    if (!all || !field) return all;
    const sign = direction === 'desc' ? -1 : 1;
    const valueOf = (row: R) => (row as Record<string, unknown>)[field];
    return [...all].sort((a, b) => sign * compareValues(valueOf(a), valueOf(b)));
  }, [all, sort]);
  const list: GridListState = {
    page,
    pageSize,
    sort,
    setPage,
    setPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    setSort: (next) => setSort(next ?? ''),
  };
  return { rows: sorted?.slice((page - 1) * pageSize, page * pageSize), total: all?.length, list };
}
