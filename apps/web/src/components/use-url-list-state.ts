import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type PageSize } from '@planpiso/domain';
import { readListState, type ListQuery } from './list-query';

export type { ListQuery } from './list-query';

export type UrlListState<F extends string> = {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: PageSize;
  /** `field:asc|desc`; the screen's default when the URL has none. */
  sort: string;
  filters: Record<F, string>;
  /** What the list call sends: paging, sort and the non-empty filters. */
  query: ListQuery<F>;
  setFilters: (filters: Partial<Record<F, string>>) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string | undefined) => void;
};

/**
 * A list's filters, page, page size and sort, kept in the URL search params (ARCHITECTURE §7): a list can be
 * shared or bookmarked, and the back button undoes the last search. Defaults stay out of the URL.
 */
export function useUrlListState<F extends string>(options: {
  filters: readonly F[];
  defaultSort: string;
}): UrlListState<F> {
  const [params, setParams] = useSearchParams();
  const { filters: names, defaultSort } = options;
  const key = names.join('|');

  const state = useMemo(
    () => readListState(params, { filters: (key ? key.split('|') : []) as F[], defaultSort }),
    [params, key, defaultSort],
  );

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        change(next);
        if (next.get('page') === '1') next.delete('page');
        if (next.get('pageSize') === String(DEFAULT_PAGE_SIZE)) next.delete('pageSize');
        if (next.get('sort') === defaultSort) next.delete('sort');
        return next;
      }),
    [setParams, defaultSort],
  );

  const setFilters = useCallback(
    (filters: Partial<Record<F, string>>) =>
      update((next) => {
        for (const name of key.split('|')) {
          const value = filters[name as F]?.trim() ?? '';
          if (value) next.set(name, value);
          else next.delete(name);
        }
        // A new search starts on its first page.
        next.delete('page');
      }),
    [update, key],
  );
  const setPage = useCallback((page: number) => update((next) => next.set('page', String(page))), [update]);
  const setPageSize = useCallback(
    (pageSize: number) =>
      update((next) => {
        next.set('pageSize', String(pageSize));
        next.delete('page');
      }),
    [update],
  );
  const setSort = useCallback(
    (sort: string | undefined) =>
      update((next) => {
        if (sort) next.set('sort', sort);
        else next.delete('sort');
        next.delete('page');
      }),
    [update],
  );

  return { ...state, setFilters, setPage, setPageSize, setSort };
}
