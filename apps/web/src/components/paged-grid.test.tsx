// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GridColumn } from './grid-column';
import { MESSAGES } from '@planpiso/domain';
import '../test/dom';
import { amountColumn, dateColumn } from './grid-columns';
import { PagedGrid, type GridListState } from './paged-grid';

type Row = { id: number; name: string; createdAt: string; amount: string };
const columns: GridColumn<Row>[] = [
  { field: 'name', headerName: 'Nombre', flex: 1 },
  dateColumn<Row>('createdAt', 'Fecha'),
  amountColumn<Row>('amount', 'Monto'),
];

function listState(overrides: Partial<GridListState> = {}): GridListState {
  return {
    page: 1,
    pageSize: 10,
    sort: 'name:asc',
    setPage: vi.fn(),
    setPageSize: vi.fn(),
    setSort: vi.fn(),
    ...overrides,
  };
}

function renderGrid(props: Partial<Parameters<typeof PagedGrid<Row>>[0]> = {}) {
  const list = props.list ?? listState();
  render(
    <PagedGrid<Row>
      label="Usuarios"
      columns={columns}
      rows={[]}
      total={0}
      loading={false}
      error={false}
      onRetry={() => undefined}
      list={list}
      {...props}
    />,
  );
  return list;
}

describe('PagedGrid states (ARCHITECTURE §7)', () => {
  it('shows its rows with dates as dd/MM/yyyy and amounts in en-US', () => {
    renderGrid({ rows: [{ id: 1, name: 'Ana López', createdAt: '2026-03-02', amount: '1234567.5' }], total: 1 });
    const grid = screen.getByRole('grid', { name: 'Usuarios' });
    expect(within(grid).getByText('Ana López')).toBeTruthy();
    expect(within(grid).getByText('02/03/2026')).toBeTruthy();
    expect(within(grid).getByText('1,234,567.50')).toBeTruthy();
  });

  it('says so when there is nothing to show', () => {
    renderGrid();
    expect(screen.getByText(MESSAGES.emptyGrid)).toBeTruthy();
  });

  it('shows progress while loading', () => {
    renderGrid({ loading: true });
    expect(screen.getAllByRole('progressbar').length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.emptyGrid)).toBeNull();
  });

  it('offers Reintentar after a failed load', () => {
    const onRetry = vi.fn();
    renderGrid({ error: true, onRetry });
    expect(screen.getByText(MESSAGES.loadError)).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('pages on the server in Spanish, with sizes 10, 25, 50 and 100', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      name: `Fila ${i + 1}`,
      createdAt: '2026-01-01',
      amount: '1',
    }));
    const list = renderGrid({ rows, total: 42 });
    expect(screen.getByText('1–10 de 42')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(list.setPage).toHaveBeenCalledWith(2);

    expect(screen.getByText('Filas por página:')).toBeTruthy();
    const sizes = screen.getByRole('combobox', { name: 'Filas por página:' });
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '25', '50', '100']);
    fireEvent.change(sizes, { target: { value: '50' } });
    expect(list.setPageSize).toHaveBeenCalledWith(50);
  });

  it('says "más de 10,000" when the server estimated the total, and still pages on', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      name: `Fila ${i + 1}`,
      createdAt: '2026-01-01',
      amount: '1',
    }));
    const list = renderGrid({ rows, total: 49_873, totalIsEstimate: true });
    expect(screen.getByText('1–10 de más de 10,000')).toBeTruthy();
    expect(screen.queryByText(/49/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(list.setPage).toHaveBeenCalledWith(2);
  });

  it('sorts on the server: a header click asks for the other direction', () => {
    const list = renderGrid({ rows: [{ id: 1, name: 'Ana', createdAt: '2026-01-01', amount: '1' }], total: 1 });
    fireEvent.click(screen.getByRole('columnheader', { name: /Nombre/ }));
    expect(list.setSort).toHaveBeenCalledWith('name:desc');
  });
});

describe('PagedGrid as a grid for the keyboard and assistive technology', () => {
  const rows = [
    { id: 1, name: 'Ana', createdAt: '2026-01-01', amount: '1' },
    { id: 2, name: 'Beto', createdAt: '2026-01-02', amount: '2' },
  ];

  it('says which column sorts and which way, and how many rows the list has in all', () => {
    renderGrid({ rows, total: 42, list: listState({ sort: 'createdAt:desc' }) });
    const grid = screen.getByRole('grid', { name: 'Usuarios' });
    expect(grid.getAttribute('aria-rowcount')).toBe('43');
    expect(screen.getByRole('columnheader', { name: 'Fecha' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Nombre' }).getAttribute('aria-sort')).toBeNull();
  });

  it('moves between cells with the arrows, Home and End, and sorts a header with Enter', () => {
    const list = renderGrid({ rows, total: 2 });
    const header = screen.getByRole('columnheader', { name: 'Nombre' });
    // One tab stop for the whole grid: the first header.
    expect(header.tabIndex).toBe(0);
    expect(screen.getAllByRole('gridcell').every((cell) => cell.tabIndex === -1)).toBe(true);
    header.focus();
    fireEvent.keyDown(header, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Ana');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('2.00');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('2.00');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(header);
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(list.setSort).toHaveBeenCalledWith('name:desc');
  });

  it('does not sort by a column the server cannot sort by', () => {
    const list = renderGrid({
      rows,
      total: 2,
      columns: [...columns, { field: 'actions', headerName: 'Acciones', sortable: false }],
    });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Acciones' }));
    expect(list.setSort).not.toHaveBeenCalled();
  });
});
