// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES, type InventoryRow } from '@planpiso/domain';
import '../../test/dom';
import { mockApi, type MockReply } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

preloadScreen(() => import('./inventory-list'));

const row = (noCredito: string, vin: string, plazo: number, finCredito: string): InventoryRow => ({
  noCredito,
  modelo: '2026',
  vin,
  plazo,
  finCredito,
});
const NORTH_ROWS = [row('CRE-0001047', '3N1CD3APXTL212512', 1, '2026-12-07')];
const BAJIO_ROWS = [
  row('CRE-0002001', 'JTDB4MEE3PJ363471', 3, '2027-02-15'),
  row('CRE-0002002', '1HGCM82633A004352', 6, '2027-05-01'),
];
const customers = [
  { accountId: 1, id: 11, name: 'Autos del Norte', clientId: '10001', legal: null },
  { accountId: 2, id: 21, name: 'Autos del Bajío', clientId: '10003', legal: null },
];

function open(type: 3 | 4, inventory: (url: URL) => MockReply) {
  storeSession(sessionUserOf(type));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/accounts/assigned/103/companies': { body: { data: customers } },
    'GET /api/inventory': (_body, url) => inventory(url),
  });
  renderApp('/inventario');
  return calls;
}

const page = (items: InventoryRow[]): MockReply => ({ body: { data: { items, total: items.length } } });

describe('/inventario (spec 3 "Credit inventory")', () => {
  it('shows a dealer its credits with the end date dd/MM/yyyy, by credit number, with no client combo', async () => {
    const calls = open(4, () => page(NORTH_ROWS));
    const grid = await screen.findByRole('grid', { name: 'Inventario' });
    await within(grid).findByText('CRE-0001047');
    expect(within(grid).getByText('3N1CD3APXTL212512')).toBeTruthy();
    expect(within(grid).getByText('07/12/2026')).toBeTruthy();
    expect(within(grid).getByText('1 mes')).toBeTruthy();
    for (const header of ['N° de crédito', 'Modelo', 'N° VIN', 'Plazo', 'Fin de crédito']) {
      expect(within(grid).getByText(header)).toBeTruthy();
    }
    expect(calls.find((c) => c.path === '/api/inventory')?.search).toContain('sort=noCredito%3Aasc');
    expect(screen.queryByRole('combobox', { name: INVENTORY_MESSAGES.client })).toBeNull();
  });

  it('asks the operator for a client, then shows that client’s inventory', async () => {
    const calls = open(3, (url) => page(url.searchParams.get('clientNumber') === '10003' ? BAJIO_ROWS : []));
    expect(await screen.findByText(INVENTORY_MESSAGES.selectClient)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: INVENTORY_MESSAGES.client }));
    fireEvent.click(await screen.findByRole('option', { name: 'Autos del Bajío (10003)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const grid = screen.getByRole('grid', { name: 'Inventario' });
    await within(grid).findByText('CRE-0002002');
    expect(within(grid).getByText('6 meses')).toBeTruthy();
    expect(within(grid).getByText('01/05/2027')).toBeTruthy();
    expect(screen.queryByText(INVENTORY_MESSAGES.selectClient)).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/inventory').at(-1)?.search).toContain('clientNumber=10003'),
    );
  });

  it('says the CRM failed, with what it answered, and offers to retry', async () => {
    open(4, () => ({
      status: 503,
      body: {
        statusCode: 503,
        code: 'EXTERNAL_API_ERROR',
        message: 'Ocurrió un error API externa',
        detail: 'InventarioCredito 10001: HTTP 500',
      },
    }));
    expect(await screen.findByText('Ocurrió un error API externa')).toBeTruthy();
    expect(screen.getByText('InventarioCredito 10001: HTTP 500')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
