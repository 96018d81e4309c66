// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../test/dom';
import { useUrlListState, type UrlListState } from './use-url-list-state';

type Filter = 'name' | 'email' | 'from' | 'to';
let list: UrlListState<Filter>;

function Harness() {
  list = useUrlListState({ filters: ['name', 'email', 'from', 'to'], defaultSort: 'email:asc' });
  return null;
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/usuarios', Component: Harness }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return () => router.state.location.search;
}

describe('useUrlListState: list state lives in the URL', () => {
  it("reads defaults from a bare URL: page 1, size 10, the screen's sort, empty filters", () => {
    open('/usuarios');
    expect(list.query).toEqual({ page: 1, pageSize: 10, sort: 'email:asc' });
    expect(list.filters).toEqual({ name: '', email: '', from: '', to: '' });
  });

  it('reads a shared URL back into the same state', () => {
    open('/usuarios?name=Ana&from=2026-01-01&page=3&pageSize=25&sort=createdAt:desc');
    expect(list.query).toEqual({ page: 3, pageSize: 25, sort: 'createdAt:desc', name: 'Ana', from: '2026-01-01' });
  });

  it('ignores values a hand-edited URL may carry', () => {
    open('/usuarios?page=-2&pageSize=7&sort=drop table');
    expect(list.query).toEqual({ page: 1, pageSize: 10, sort: 'email:asc' });
  });

  it('round trip: each change writes the URL, and that URL reads back to the same state', () => {
    const search = open('/usuarios');
    act(() => list.setFilters({ name: ' Ana ', email: 'ana@planpiso.mx', from: '2026-01-01', to: '' }));
    expect(search()).toBe('?name=Ana&email=ana%40planpiso.mx&from=2026-01-01');

    act(() => list.setPage(4));
    act(() => list.setSort('createdAt:desc'));
    expect(list.page).toBe(1); // a new sort starts again on page 1
    act(() => list.setPage(2));
    act(() => list.setPageSize(50));
    expect(list.page).toBe(1);
    act(() => list.setPage(3));
    const url = search();
    const state = list.query;

    open(`/usuarios${url}`);
    expect(list.query).toEqual(state);
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'createdAt:desc',
      name: 'Ana',
      email: 'ana@planpiso.mx',
      from: '2026-01-01',
    });
  });

  it('a new search returns to page 1, and defaults stay out of the URL', () => {
    const search = open('/usuarios?name=Ana&page=5&sort=email:desc');
    act(() => list.setFilters({ name: 'Luis' }));
    expect(search()).toBe('?name=Luis&sort=email%3Adesc');
    act(() => list.setSort(undefined));
    act(() => list.setPageSize(10));
    expect(search()).toBe('?name=Luis');
  });
});
