// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, REFINANCING_MESSAGES, type RefinancingAvailableUnit } from '@planpiso/domain';
import '../../test/dom';
import { mockApi, type ApiCall } from '../../test/mock-api';
import { refinancingUnit } from '../../test/dealer-fixtures';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const refinUnit = (id: number, vinNumber: string, overrides: Partial<RefinancingAvailableUnit> = {}) =>
  refinancingUnit(id, { vinNumber, ...overrides });
const UNITS = [
  refinUnit(1, '3N1CD3AP6VL000001'),
  refinUnit(2, '3N1CD3AP6VL000002'),
  refinUnit(3, '3N1CD3AP6VL000003', { deadlines: 2 }),
  refinUnit(4, '3N1CD3AP6VL000004', { validAx: false }),
];

async function openUnits(extra: Parameters<typeof mockApi>[0] = {}): Promise<{ calls: ApiCall[]; grid: HTMLElement }> {
  storeSession(sessionUserOf(5));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/refinancings/units': (_body, url) => ({
      body: {
        data: {
          items: url.searchParams.get('vinNumber') ? UNITS.slice(0, 1) : UNITS,
          total: url.searchParams.get('vinNumber') ? 1 : UNITS.length,
        },
      },
    }),
    ...extra,
  });
  renderApp('/refinanciamientos/unidades');
  const grid = await screen.findByRole('grid', { name: 'Unidades para refinanciar' });
  await within(grid).findByText(UNITS[0]!.vinNumber);
  return { calls, grid };
}

const unitCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/refinancings/units');
const tick = (grid: HTMLElement, vin: string) =>
  fireEvent.click(within(grid).getByRole('checkbox', { name: `Incluir ${vin}` }));

describe('/refinanciamientos/unidades (spec 3 §2 "Refinancing")', () => {
  it('lists the units by VIN with amounts in en-US and dd/MM/yyyy dates; the filters go to the server', async () => {
    const { calls, grid } = await openUnits();
    expect(within(grid).getAllByText('150,000.50')).toHaveLength(4);
    expect(within(grid).getAllByText('20/11/2026')).toHaveLength(4);
    expect(unitCalls(calls)[0]!.search).toContain('sort=vinNumber%3Aasc');
    // Not sold unless asked: the server's default, so nothing is sent.
    expect(unitCalls(calls)[0]!.search).not.toContain('isSold');

    fireEvent.change(screen.getByLabelText('N° VIN'), { target: { value: '000001' } });
    fireEvent.change(screen.getByLabelText('N° Motor'), { target: { value: 'MTR-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(within(grid).queryByText(UNITS[1]!.vinNumber)).toBeNull());
    const last = new URLSearchParams(unitCalls(calls).at(-1)!.search);
    expect(last.get('vinNumber')).toBe('000001');
    expect(last.get('motorNumber')).toBe('MTR-1');

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Vendidas / no vendidas' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendidas' }));
    fireEvent.change(screen.getByLabelText('Línea de crédito'), { target: { value: 'LC-E2E' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(new URLSearchParams(unitCalls(calls).at(-1)!.search).get('isSold')).toBe('true'));
    expect(new URLSearchParams(unitCalls(calls).at(-1)!.search).get('creditLine')).toBe('LC-E2E');
  });

  it('ticking follows the domain rules: another term or a failed check is refused with its message', async () => {
    const { grid } = await openUnits();
    tick(grid, UNITS[0]!.vinNumber);
    tick(grid, UNITS[1]!.vinNumber);
    expect(
      (within(grid).getByRole('checkbox', { name: `Incluir ${UNITS[1]!.vinNumber}` }) as HTMLInputElement).checked,
    ).toBe(true);

    tick(grid, UNITS[2]!.vinNumber);
    expect(await screen.findByText(REFINANCING_MESSAGES.mixedTerms)).toBeTruthy();
    expect(
      (within(grid).getByRole('checkbox', { name: `Incluir ${UNITS[2]!.vinNumber}` }) as HTMLInputElement).checked,
    ).toBe(false);

    tick(grid, UNITS[3]!.vinNumber);
    expect(await screen.findByText(REFINANCING_MESSAGES.unitNotValidated(UNITS[3]!.vinNumber))).toBeTruthy();
    expect(
      (within(grid).getByRole('checkbox', { name: `Incluir ${UNITS[3]!.vinNumber}` }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('a sold unit cannot be ticked', async () => {
    storeSession(sessionUserOf(5));
    const sold = refinUnit(9, '3N1CD3AP6VL000009', { isSold: true });
    mockApi({
      'GET /api/identity/session': sessionCheck,
      'GET /api/refinancings/units': { body: { data: { items: [sold], total: 1 } } },
    });
    renderApp('/refinanciamientos/unidades?isSold=true');
    const grid = await screen.findByRole('grid', { name: 'Unidades para refinanciar' });
    await within(grid).findByText(sold.vinNumber);
    tick(grid, sold.vinNumber);
    expect(await screen.findByText(REFINANCING_MESSAGES.unitSold(sold.vinNumber))).toBeTruthy();
  });

  it('Vendido asks, marks the unit sold with the server message, and the list reloads without it', async () => {
    let sold = false;
    const { calls, grid } = await openUnits({
      'PATCH /api/units/1/set-sold': () => {
        sold = true;
        return {
          body: {
            data: { id: 1, deadlines: 3, isSold: true },
            message: REFINANCING_MESSAGES.unitUpdated(UNITS[0]!.vinNumber),
          },
        };
      },
      'GET /api/refinancings/units': () => ({
        body: { data: { items: sold ? UNITS.slice(1) : UNITS, total: sold ? 3 : 4 } },
      }),
    });
    fireEvent.click(within(grid).getByRole('switch', { name: `Vendido ${UNITS[0]!.vinNumber}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Vendido' });
    expect(within(confirm).getByText(REFINANCING_MESSAGES.confirmSold(UNITS[0]!.vinNumber, true))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(REFINANCING_MESSAGES.unitUpdated(UNITS[0]!.vinNumber))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isSold: true });
    await waitFor(() => expect(within(grid).queryByText(UNITS[0]!.vinNumber)).toBeNull());
  });

  it('Actualizar requires a term, then sends it and shows the server message', async () => {
    const { calls, grid } = await openUnits({
      'PATCH /api/units/2/set-deadlines': {
        body: {
          data: { id: 2, deadlines: 5, isSold: false },
          message: REFINANCING_MESSAGES.unitUpdated(UNITS[1]!.vinNumber),
        },
      },
    });
    fireEvent.click(within(grid).getByRole('button', { name: `Actualizar ${UNITS[1]!.vinNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: REFINANCING_MESSAGES.termDialogTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(REFINANCING_MESSAGES.termRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Plazo - 5' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(REFINANCING_MESSAGES.unitUpdated(UNITS[1]!.vinNumber))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/units/2/set-deadlines',
      body: { deadline: 5 },
    });
  });

  it("Crear Nuevo with nothing ticked says 'Seleccione al menos una unidad' and offers no buttons", async () => {
    await openUnits();
    fireEvent.click(screen.getByRole('button', { name: 'Crear Nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: REFINANCING_MESSAGES.createDialogTitle });
    expect(within(dialog).getByText(MESSAGES.selectAtLeastOneUnit)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });
});
