// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, PROVISION_WIZARD_MESSAGES, type ProvisionDetail } from '@planpiso/domain';
import { PROVISION_40 } from '../../test/dealer-fixtures';
import '../../test/dom';
import { apiError, mockApi, type MockReply } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { LEON_USERS_AGENCIES, storeLeonOperatorSession } from '../../test/dealer-fixtures';
import { sessionCheck } from '../../test/session-fixtures';

preloadScreen(() => import('./edit-provision-page'));

const unit = (id: number, vinNumber: string, amount: string, included: boolean) => ({
  id,
  index: id,
  vinNumber,
  agency: 'León',
  brandName: 'Nissan',
  type: 'Versa',
  model: '2027',
  description: 'VERSA',
  color: 'Azul Marino Metálico',
  insideColor: 'Gris',
  motorNumber: `M-${id}`,
  amount,
  included,
  status: 0,
  reviewAF: false,
  comment: '',
  invoiceDate: null,
  validation: { validInvoice: null, validRepuve: null, validTransunion: null, validAx: null },
  evidences: [],
});

const detail = (status = 1): ProvisionDetail => ({
  ...PROVISION_40,
  status,
  units: [unit(501, '3N1CD3AP6VL213384', '400.00', true), unit(502, '3N1AB8DV2VL119619', '250.00', false)],
});

function open(
  status = 1,
  put: MockReply = { body: { data: detail(), message: 'Disposición con folio 1040 actualizada exitosamente.' } },
) {
  storeLeonOperatorSession();
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/configuration/operating-window': { body: { data: { allowed: true, message: null, day: '2026-11-24' } } },
    'GET /api/provisions/40': { body: { data: detail(status) } },
    'GET /api/companies/11/users-agencies': LEON_USERS_AGENCIES,
    // 500.00 remains on the line, 400.00 of it held by this very provision: 500.00 is what it may use.
    'GET /api/external/clients/10001/credit-lines': {
      body: {
        data: [
          {
            lineaCredito: 'LC-10001-01',
            tipoDispLinea: '100000000',
            montoRestante: '500.00',
            reservado: '400.00',
            disponible: '100.00',
            plazos: '1|3|6',
            terms: [1, 3, 6],
            tienesSaldosPendientes: false,
          },
        ],
      },
    },
    'PUT /api/provisions/40': put,
  });
  renderApp('/editar-disposicion/40');
  return calls;
}

const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
};

describe('/editar-disposicion/:id', () => {
  it('shows the folio and the saved form, counts its own reservation as available, and saves with the version', async () => {
    const calls = open();
    expect(await screen.findByRole('heading', { name: 'N° de Disposición 1040' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Lote de noviembre')).toBeTruthy();
    expect(await screen.findByText('$500.00')).toBeTruthy(); // available: 500 − (400 − its own 400)
    expect(screen.getByText('1 de 2 unidades seleccionadas')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    await save();
    expect(await screen.findByText('Disposición con folio 1040 actualizada exitosamente.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      version: 3,
      deadlines: 3,
      total: '400.00',
      units: [{ id: 501, vinNumber: '3N1CD3AP6VL213384' }],
    });
  });

  it('on a stale version says so in Spanish and keeps what was typed', async () => {
    open(1, apiError(409, 'STALE_VERSION', 'Conflict'));
    const description = await screen.findByDisplayValue('Lote de noviembre');
    fireEvent.change(description, { target: { value: 'Corregido' } });
    await save();
    expect(await screen.findByText(MESSAGES.staleVersion)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByDisplayValue('Corregido')).toBeTruthy();
  });

  it('refuses to edit a provision past status 1 with a clear message', async () => {
    open(2);
    expect(await screen.findByText(PROVISION_WIZARD_MESSAGES.notEditable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});
