// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAYOUT_MESSAGES, type LayoutRow } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

preloadScreen(() => import('./layout-page'));

const row = (unitId: number, noCredito: string, vin: string, plazoSugerido: LayoutRow['plazoSugerido']): LayoutRow => ({
  unitId,
  asignacion: 'Sucursal Monterrey Centro',
  agencia: 'Autos del Norte',
  contrato: `CPP-10001-2026-00${unitId}`,
  plazo: 3,
  modelo: '2026',
  vin,
  tasa: 13.25,
  saldoCapital: '387200.00',
  finbeCob: plazoSugerido === 'N/A',
  fechaInicio: '2026-11-07',
  fechaVencimiento: '2026-12-07',
  diasTranscurridos: 9,
  plazoFinanciamiento: 30,
  diasRescate: 21,
  plazoSugerido,
  puedeRefinanciar: plazoSugerido !== 'N/A',
  tipo: 'Nuevo',
  noCredito,
});
// Out of order on purpose: the grid shows them by noCredito.
const ROWS = [row(2, 'CRE-0001224', '3VWCB7BU2MM343652', 'N/A'), row(1, 'CRE-0001103', 'JTDB4MEE3PJ363471', 2)];

function open() {
  storeSession(sessionUserOf(2));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/layouts/generate': { body: { data: ROWS } },
    'POST /api/layouts/apply': { body: { message: LAYOUT_MESSAGES.applied, data: { applied: 2 } } },
  });
  renderApp('/layout');
  return calls;
}

const term = (vin: string) => screen.getByLabelText<HTMLSelectElement>(`Plazo sugerido ${vin}`);

describe('/layout (spec 3 "Layout generator")', () => {
  it('asks for the months, then lists the rows by noCredito; Guardar keeps the edits, Cancelar restores them', async () => {
    const calls = open();
    const months = await screen.findByLabelText(LAYOUT_MESSAGES.monthsField);
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(LAYOUT_MESSAGES.monthsRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/layouts/generate')).toBe(false);

    fireEvent.change(months, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const grid = await screen.findByRole('grid', { name: 'Layout' });
    await within(grid).findByText('CRE-0001103');
    expect(calls.find((c) => c.path === '/api/layouts/generate')?.search).toContain('months=3');
    const credits = within(grid)
      .getAllByText(/^CRE-/)
      .map((cell) => cell.textContent);
    expect(credits).toEqual(['CRE-0001103', 'CRE-0001224']);

    // Edit, Guardar: the new term stays.
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    fireEvent.change(term('JTDB4MEE3PJ363471'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(grid).getByText('5')).toBeTruthy());

    // Edit again, Cancelar: back to the snapshot (5, and N/A for the other row).
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(term('JTDB4MEE3PJ363471').value).toBe('5');
    fireEvent.change(term('JTDB4MEE3PJ363471'), { target: { value: '1' } });
    // The N/A row (under audit, not refinanceable) is not editable.
    expect(screen.queryByLabelText('Plazo sugerido 3VWCB7BU2MM343652')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByLabelText('Plazo sugerido JTDB4MEE3PJ363471')).toBeNull());
    expect(within(grid).getByText('5')).toBeTruthy();
    expect(within(grid).getByText('N/A')).toBeTruthy();

    // Aplicar sends the confirmed terms.
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await screen.findByText(LAYOUT_MESSAGES.applied);
    const apply = calls.find((c) => c.path === '/api/layouts/apply');
    expect(apply?.body).toEqual({
      units: [
        { unitId: 2, deadlines: null, canRefinancing: false },
        { unitId: 1, deadlines: 5, canRefinancing: true },
      ],
    });
  });
});
