// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFINANCING_MESSAGES, type UserType } from '@planpiso/domain';
import '../../test/dom';
import { mockApi, type ApiCall } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const row = (id: number, folio: string, status: number, requireEvidences = false) => ({
  id,
  folio,
  status,
  total: '1234567.5',
  companyId: 11,
  companyName: 'Autos del Norte',
  countUnits: 2,
  requireEvidences,
  createdAt: '2026-11-20T18:00:00.000Z',
});
const ROWS = [row(1, '1001', 1), row(2, 'MAN-7', 4), row(3, '1003', 1, true)];

async function openList(type: UserType, extra: Parameters<typeof mockApi>[0] = {}) {
  storeSession(sessionUserOf(type));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/refinancings': { body: { data: { items: ROWS, total: 3 } } },
    'GET /api/accounts/assigned/103/companies': {
      body: { data: [{ accountId: 1, id: 11, name: 'Autos del Norte', clientId: '10001', legal: null }] },
    },
    ...extra,
  });
  const view = renderApp('/refinanciamientos');
  const grid = await screen.findByRole('grid', { name: 'Refinanciamientos' });
  await within(grid).findByText('1001');
  return { ...view, calls, grid };
}
const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/api/refinancings');

describe('/refinanciamientos (spec 3 §2, §4)', () => {
  it('shows folio, amount en-US, status name, units and date; sorted by folio; Visualizar opens the follow-up', async () => {
    const { grid, calls, router } = await openList(5);
    expect(within(grid).getAllByText('1,234,567.50')).toHaveLength(3);
    expect(within(grid).getAllByText('Creada')).toHaveLength(2);
    expect(within(grid).getByText('Aceptada')).toBeTruthy();
    expect(within(grid).getByText('MAN-7')).toBeTruthy();
    expect(within(grid).getAllByText('20/11/2026')).toHaveLength(3);
    // Cliente is type 2's column only.
    expect(within(grid).queryByRole('columnheader', { name: 'Cliente' })).toBeNull();
    expect(listCalls(calls)[0]!.search).toContain('sort=folio%3Aasc');
    fireEvent.click(within(grid).getByRole('link', { name: 'Visualizar 1001' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/refinanciamientos/1'));
  });

  it('type 5 sees Enviar a FinBe at 1 without evidences required and Enviar at 4, as the machine offers', async () => {
    const { grid } = await openList(5);
    expect(within(grid).getByRole('button', { name: 'Enviar a FinBe 1001' })).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: 'Enviar a FinBe 1003' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Enviar a FinBe MAN-7' })).toBeNull();
    expect(within(grid).getByRole('button', { name: 'Enviar MAN-7' })).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: 'Enviar 1001' })).toBeNull();
  });

  it('Enviar asks, sends the version read and shows the server message', async () => {
    const { grid, calls } = await openList(5, {
      'GET /api/refinancings/2': { body: { data: { id: 2, version: 6 } } },
      'POST /api/refinancings/send-units': { body: { data: {}, message: REFINANCING_MESSAGES.unitsSent } },
    });
    fireEvent.click(within(grid).getByRole('button', { name: 'Enviar MAN-7' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enviar' });
    expect(within(confirm).getByText(REFINANCING_MESSAGES.confirmSend('MAN-7'))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(REFINANCING_MESSAGES.unitsSent)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/refinancings/send-units')?.body).toEqual({
      refinancingId: 2,
      version: 6,
    });
  });

  it('type 2 sees the Cliente column and no send buttons; type 3 filters by company and folio', async () => {
    const admin = await openList(2);
    expect(within(admin.grid).getByRole('columnheader', { name: 'Cliente' })).toBeTruthy();
    expect(within(admin.grid).queryByRole('button', { name: /^Enviar/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Compañía' })).toBeNull();
    admin.unmount();

    const { calls } = await openList(3);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Compañía' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Autos del Norte' }));
    fireEvent.change(screen.getByLabelText('N° de Refinanciamiento'), { target: { value: '10a01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(new URLSearchParams(listCalls(calls).at(-1)!.search).get('folio')).toBe('1001'));
    expect(new URLSearchParams(listCalls(calls).at(-1)!.search).get('company')).toBe('11');
  });
});
