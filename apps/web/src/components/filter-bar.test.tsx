// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../test/dom';
import { DateRange } from './date-range';
import { FilterBar } from './filter-bar';
import { TextField } from './form/text-field';
import { useUrlListState } from './use-url-list-state';

function UsersFilters() {
  const list = useUrlListState({ filters: ['name', 'from', 'to'], defaultSort: 'email:asc' });
  return (
    <FilterBar
      values={list.filters}
      onSearch={list.setFilters}
      advanced={(control) => <DateRange control={control} from="from" to="to" />}
    >
      {(control) => <TextField control={control} name="name" label="Nombre" size="small" />}
    </FilterBar>
  );
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/usuarios', Component: UsersFilters }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('FilterBar and DateRange', () => {
  it('Buscar writes the search into the URL and starts again on page 1', async () => {
    const router = open('/usuarios?page=4');
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?name=Ana'));
  });

  it('a date range from the URL (YYYY-MM-DD) shows as dd/MM/yyyy under Inicia and Finaliza', async () => {
    open('/usuarios?from=2026-03-02&to=2026-03-31');
    // The advanced filters open by themselves when the URL carries one.
    const from = await screen.findByRole('group', { name: 'Inicia' });
    const to = screen.getByRole('group', { name: 'Finaliza' });
    expect(from.textContent?.replace(/[^\d/]/g, '')).toBe('02/03/2026');
    expect(to.textContent?.replace(/[^\d/]/g, '')).toBe('31/03/2026');
  });

  it('Limpiar empties every filter', async () => {
    const router = open('/usuarios?name=Ana&from=2026-03-02');
    fireEvent.click(await screen.findByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('');
  });
});
