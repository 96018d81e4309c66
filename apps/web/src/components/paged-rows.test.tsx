// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import '../test/dom';
import { theme } from '../app/theme';
import { RowsPagination, usePagedRows } from './paged-rows';

function Harness({ count, always }: { count: number; always?: boolean }) {
  const rows = Array.from({ length: count }, (_, i) => `Unidad ${i + 1}`);
  const paging = usePagedRows(rows);
  return (
    <ThemeProvider theme={theme}>
      <ul>
        {paging.visible.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
      <RowsPagination paging={paging} always={always} />
    </ThemeProvider>
  );
}

const shown = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('usePagedRows and RowsPagination (the units tables paged in the browser)', () => {
  it('shows 10 rows a page with the Spanish footer, and moves page by page', () => {
    render(<Harness count={25} />);
    expect(shown()).toHaveLength(10);
    expect(shown()[0]).toBe('Unidad 1');
    expect(screen.getByText('Filas por página')).toBeTruthy();
    expect(screen.getByText('1–10 de 25')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(shown()[0]).toBe('Unidad 11');
    expect(screen.getByText('11–20 de 25')).toBeTruthy();
  });

  it('has no footer while every row fits on the first page, unless asked to always show it', () => {
    const { unmount } = render(<Harness count={10} />);
    expect(shown()).toHaveLength(10);
    expect(screen.queryByText('Filas por página')).toBeNull();
    unmount();
    render(<Harness count={3} always />);
    expect(screen.getByText('1–3 de 3')).toBeTruthy();
  });

  it('goes back a page when the last row of the last page is removed, never to an empty table', () => {
    const { rerender } = render(<Harness count={11} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(shown()).toEqual(['Unidad 11']);
    rerender(<Harness count={10} />);
    expect(shown()).toHaveLength(10);
    expect(shown()[0]).toBe('Unidad 1');
  });
});
