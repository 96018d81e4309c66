// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type ProvisionReviewItem, type ProvisionRevision } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const unit = (id: number, vinNumber: string, extra: Partial<ProvisionRevision['units'][number]> = {}) => ({
  id,
  model: '2026',
  motorNumber: `MTR-${id}`,
  vinNumber,
  amount: '250000.00',
  invoiceDate: null,
  validation: { validInvoice: null, validRepuve: true, validTransunion: false, validAx: null },
  reviewAF: false,
  status: 0,
  comment: '',
  evidences: [],
  ...extra,
});

const REVISION: ProvisionRevision = {
  id: 7,
  folio: '1042',
  status: 3,
  version: 4,
  company: { id: 1, name: 'Autos del Norte' },
  agency: { id: 2, name: 'Sucursal Monterrey Centro' },
  legalPerson: { id: 3, name: 'Ramón Representante' },
  creditLine: 'LC-10001-01',
  typeLine: '100000001',
  availableBalance: '2804700.00',
  remainingBalance: '2054700.00',
  total: '750000.00',
  units: [
    unit(11, '3N1CD3AP6VL213384', {
      invoiceDate: '2026-11-02',
      validation: { ...unit(0, '').validation, validInvoice: true },
    }),
    unit(12, '1HGCM82633A004352'),
    unit(13, 'JN1AZ4EH7FM730841', { reviewAF: true, status: 1 }),
  ],
};

const ITEM: ProvisionReviewItem = {
  id: 7,
  folio: '1042',
  companyName: 'Autos del Norte',
  operatorName: 'Olga Operadora',
  typeLine: '100000001',
  countUnits: 3,
  createdAt: '2026-11-24T18:05:00.000Z',
  version: 4,
};

function open(extra: Parameters<typeof mockApi>[0] = {}) {
  storeSession(sessionUserOf(2));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/provisions/7/revision': { body: { data: REVISION } },
    'GET /api/provisions/review': { body: { data: { items: [ITEM], total: 1 } } },
    ...extra,
  });
  renderApp('/disposiciones-revision/7');
  return calls;
}

async function choose(vin: string, label: string) {
  const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: `Revisión ${vin}` });
  const option = within(select).getByRole<HTMLOptionElement>('option', { name: label });
  fireEvent.change(select, { target: { value: option.value } });
}

describe('/disposiciones-revision/{id} (spec 3 §2 "Disposition review detail")', () => {
  it('shows the company, the line and its balances, and each unit’s checks', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Datos de la empresa' })).toBeTruthy();
    expect(screen.getByText('Ramón Representante')).toBeTruthy();
    expect(screen.getByText('Seminuevos')).toBeTruthy();
    expect(screen.getByText('2,804,700.00')).toBeTruthy();
    expect(screen.getByText('2,054,700.00')).toBeTruthy();
    expect(screen.getByText('750,000.00')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Unidades para revisión' });
    const first = within(table).getByText('3N1CD3AP6VL213384').closest('tr')!;
    expect(within(first).getByRole('img', { name: 'Factura: Aprobado' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'REPUVE: Aprobado' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Transunion: No aprobado' })).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'AX: Sin validar' })).toBeTruthy();
    // The saved review shows its icon only once reviewed (reviewAF) and not pending.
    expect(within(first).queryByRole('img', { name: /Revisión guardada/ })).toBeNull();
    const reviewed = within(table).getByText('JN1AZ4EH7FM730841').closest('tr')!;
    expect(within(reviewed).getByRole('img', { name: 'Revisión guardada: Aprobado' })).toBeTruthy();
  });

  it('asks for the comment of a No, warns of the pending units, saves and returns to the list', async () => {
    const calls = open({
      'POST /api/provisions/confirmUnitsReview': {
        body: {
          data: { id: 7, status: 3, version: 5, pending: 1 },
          message: 'Disposición actualizada correctamente',
        },
      },
    });
    await choose('3N1CD3AP6VL213384', 'No');
    const comment = await screen.findByRole('textbox', { name: 'Comentario 3N1CD3AP6VL213384' });
    // A No without its comment is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(comment, { target: { value: 'La factura no corresponde' } });
    // Ajuste also asks for its comment; back to Si hides it.
    await choose('1HGCM82633A004352', 'Ajuste');
    expect(await screen.findByRole('textbox', { name: 'Comentario 1HGCM82633A004352' })).toBeTruthy();
    await choose('1HGCM82633A004352', 'Pendiente');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Comentario 1HGCM82633A004352' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Tienes 1 unidad(es) pendiente(s) por revisar, ¿Seguro que deseas continuar con la actualización?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));

    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(result.textContent).toContain('Disposición actualizada correctamente');
    expect(calls.find((c) => c.path === '/api/provisions/confirmUnitsReview')?.body).toEqual({
      provisionId: 7,
      version: 4,
      units: [
        { id: 11, status: 2, comment: 'La factura no corresponde' },
        { id: 12, status: 0, comment: '' },
        { id: 13, status: 1, comment: '' },
      ],
    });
    // On the list now (behind the result): its grid, folio ascending by default, the date as dd/MM/yyyy HH:mm.
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const grid = await screen.findByRole('grid', { name: 'Disposiciones en revisión' });
    expect(await within(grid).findByText('Olga Operadora')).toBeTruthy();
    expect(within(grid).getByText(/^24\/11\/2026 \d{2}:05$/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/provisions/review')?.search).toContain('sort=folio%3Aasc');
  });

  it('with nothing pending asks only the question; a refusal stays on the page with the server’s message', async () => {
    open({
      'POST /api/provisions/confirmUnitsReview': apiError(409, 'STALE_VERSION', MESSAGES.staleVersion),
    });
    await choose('3N1CD3AP6VL213384', 'Si');
    await choose('1HGCM82633A004352', 'Si');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/^¿Seguro que deseas continuar con la actualización\?/);
    expect(dialog.textContent).not.toContain('pendiente');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(result.textContent).toContain(MESSAGES.staleVersion);
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Unidades para revisión' })).toBeTruthy();
  });
});

describe('/disposiciones-revision (spec 3 §2 "Disposition review list")', () => {
  it('searches by number and, behind Filtros, by account and company; the search is in the URL and the call', async () => {
    storeSession(sessionUserOf(2));
    const calls = mockApi({
      'GET /api/identity/session': sessionCheck,
      'GET /api/provisions/review': { body: { data: { items: [ITEM], total: 1 } } },
      'GET /api/accounts': { body: { data: { items: [{ id: 5, name: 'Grupo Automotriz del Norte' }], total: 1 } } },
      'GET /api/accounts/5/companies': { body: { data: { items: [{ id: 8, name: 'Autos del Norte' }], total: 1 } } },
    });
    const { router } = renderApp('/disposiciones-revision');
    const grid = await screen.findByRole('grid', { name: 'Disposiciones en revisión' });
    expect(await within(grid).findByRole('link', { name: 'Ver 1042' })).toBeTruthy();
    expect(within(grid).getByText('Seminuevos')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const search = screen.getByRole('search');
    const company = await within(search).findByRole('combobox', { name: 'Compañía' });
    // No company before an account: the companies are the chosen account's.
    expect(company.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseDown(within(search).getByRole('combobox', { name: 'Cuenta' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Grupo Automotriz del Norte' }));
    await waitFor(() => expect(company.getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(company);
    fireEvent.click(await screen.findByRole('option', { name: 'Autos del Norte' }));
    fireEvent.change(within(search).getByLabelText('N° de disposición'), { target: { value: '10-42' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Buscar' }));

    await waitFor(() => expect(router.state.location.search).toBe('?folio=1042&account=5&company=8'));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/provisions/review' && c.search.includes('folio=1042&account=5&company=8')),
      ).toBe(true),
    );
  });
});
