import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@planpiso/domain';

const SORT_PATTERN = /^[A-Za-z][A-Za-z0-9_.]*:(asc|desc)$/;

export type ListQuery<F extends string> = { page: number; pageSize: PageSize; sort: string } & Partial<
  Record<F, string>
>;

/** What a list reads from its URL: the filter names it knows and the sort it falls back to. */
export type ListSpec<F extends string> = { filters: readonly F[]; defaultSort: string };

export type ListState<F extends string> = {
  page: number;
  pageSize: PageSize;
  sort: string;
  filters: Record<F, string>;
  query: ListQuery<F>;
};

/**
 * URL search params → a list's page, size, sort, filters and the query the list call sends. One function for the
 * route's prefetch (which starts the request as the navigation starts) and the screen, so both build the same
 * query key and the screen finds the rows already in the cache.
 */
export function readListState<F extends string>(params: URLSearchParams, spec: ListSpec<F>): ListState<F> {
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rawSize = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(rawSize) ? (rawSize as PageSize) : DEFAULT_PAGE_SIZE;
  const rawSort = params.get('sort') ?? '';
  const sort = SORT_PATTERN.test(rawSort) ? rawSort : spec.defaultSort;
  const filters = Object.fromEntries(spec.filters.map((n) => [n, params.get(n) ?? ''])) as Record<F, string>;
  const active = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Partial<Record<F, string>>;
  return { page, pageSize, sort, filters, query: { page, pageSize, sort, ...active } as ListQuery<F> };
}

export const readListQuery = <F extends string>(params: URLSearchParams, spec: ListSpec<F>): ListQuery<F> =>
  readListState(params, spec).query;

/** A list's URL reading: the filter names it knows and the sort it falls back to. */
export const listSpec = <F extends string>(filters: readonly F[], defaultSort: string): ListSpec<F> => ({
  filters,
  defaultSort,
});
