// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINANCED_UNIT_MESSAGES, MESSAGES, type FinancedUnitDetail, type FinancedUnitItem } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi, type MockReply } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const unit = (extra: Partial<FinancedUnitItem> = {}): FinancedUnitItem => ({
  id: 31,
  vin: '3VWFE21C04M000001',
  brand: 'Nissan',
  model: 'Versa',
  description: 'Sense TM',
  companyId: 2,
  companyName: 'Autos del Norte',
  agencyId: 4,
  agencyName: 'Monterrey Centro',
  source: 'provision',
  provisionId: 12,
  refinancingId: null,
  folio: '120',
  creditLine: 'Línea nuevos',
  creditNumber: 'CR-5501',
  amount: '245300.50',
  releasedOn: '2026-10-05',
  term: 6,
  endsOn: '2027-04-05',
  daysFloored: 58,
  status: 1,
  soldAt: null,
  payoffDueDate: null,
  paidAt: null,
  balance: null,
  version: 3,
  ...extra,
});

const detail = (extra: Partial<FinancedUnitDetail> = {}): FinancedUnitDetail => ({
  ...unit(),
  soldReportedBy: null,
  soldEvidenceFileId: null,
  history: [{ id: 1, kind: 'released', actorName: 'Laura Méndez', at: '2026-10-05T17:30:00.000Z', details: {} }],
  ...extra,
});

function open(type: 2 | 5, path: string, handlers: Record<string, MockReply | ((body: unknown) => MockReply)>) {
  storeSession(sessionUserOf(type));
  const calls = mockApi({ 'GET /api/identity/session': sessionCheck, ...handlers });
  renderApp(path);
  return calls;
}

describe('/unidades-financiadas (issue 29 item 1)', () => {
  it('shows each released unit with its money, days and Spanish status, latest released first', async () => {
    const calls = open(2, '/unidades-financiadas', {
      'GET /api/financed-units': {
        body: { data: { items: [unit(), unit({ id: 32, vin: '3VWFE21C04M000002', status: 4 })], total: 2 } },
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Unidades financiadas' });
    await within(grid).findByText('3VWFE21C04M000001');
    for (const header of ['VIN', 'Modelo', 'Empresa', 'Sucursal', 'Folio', 'N° de crédito', 'Monto financiado']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    expect(within(grid).getAllByText('245,300.50').length).toBe(2);
    expect(within(grid).getAllByText('05/10/2026').length).toBe(2);
    expect(within(grid).getAllByText('05/04/2027').length).toBe(2);
    expect(within(grid).getByText('Vigente')).toBeTruthy();
    expect(within(grid).getByText('Vencida sin liquidar')).toBeTruthy();
    expect(within(grid).getByRole('link', { name: '3VWFE21C04M000002' }).getAttribute('href')).toBe(
      '/unidades-financiadas/32',
    );
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/financed-units')?.search).toContain('sort=releasedOn%3Adesc');
  });
});

describe('/unidades-financiadas/:id Reportar venta (issue 29 item 2)', () => {
  const openDialog = async (sale: MockReply | ((body: unknown) => MockReply)) => {
    const calls = open(5, '/unidades-financiadas/31', {
      'GET /api/financed-units/31': { body: { data: detail() } },
      'POST /api/financed-units/31/sale': sale,
    });
    expect(await screen.findByText('Unidad liberada')).toBeTruthy();
    expect(screen.getByText(/Laura Méndez/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reportar venta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar venta' });
    return { calls, dialog };
  };
  const typeSaleDate = (dialog: HTMLElement, day: string) =>
    // The date field's hidden input takes a whole dd/MM/yyyy value, as a paste does.
    fireEvent.change(dialog.querySelector('input[name="soldAt"]')!, { target: { value: day } });

  it('refuses a sale date in the future without asking the server', async () => {
    const { calls, dialog } = await openDialog({ body: { data: detail() } });
    typeSaleDate(dialog, '31/12/2099');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText(FINANCED_UNIT_MESSAGES.saleDateInFuture)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the day and the version read, and shows the server’s message', async () => {
    const { calls, dialog } = await openDialog({
      body: { data: detail({ status: 2, soldAt: '2026-11-20', version: 4 }), message: 'Venta reportada (servidor)' },
    });
    typeSaleDate(dialog, '20/11/2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(within(result).getByText('Venta reportada (servidor)')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ soldAt: '2026-11-20', version: 3 });
  });

  it('shows the server’s refusal as other dialogs do', async () => {
    const { dialog } = await openDialog(
      apiError(409, 'FINANCED_UNIT_NOT_CURRENT', 'Solo se puede reportar la venta de una unidad vigente'),
    );
    typeSaleDate(dialog, '20/11/2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(result).getByText('Solo se puede reportar la venta de una unidad vigente')).toBeTruthy();
  });

  it('offers no Reportar venta to the lender', async () => {
    open(2, '/unidades-financiadas/31', { 'GET /api/financed-units/31': { body: { data: detail() } } });
    expect(await screen.findByText('Unidad liberada')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reportar venta' })).toBeNull());
  });
});
