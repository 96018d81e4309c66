// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOT_AUDIT_MESSAGES as TEXT, type LotAuditUnit, type LotAuditUnits } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

preloadScreen(() => import('./lot-audit-units'));

const VIN = '1M8GDM9AXKP042788';
const unit = (id: number, vin: string, result: number | null = null): LotAuditUnit => ({
  id,
  financedUnitId: 100 + id,
  vin,
  model: '2026',
  description: 'Versa Sense',
  amount: '185000.00',
  result,
  resultName: result === null ? 'Sin revisar' : 'Encontrada',
  photoFileId: null,
  photoUrl: null,
  checkedAt: null,
  checkedByName: null,
  latitude: null,
  longitude: null,
});
const units = (list: LotAuditUnit[]): { data: LotAuditUnits } => ({
  data: {
    audit: {
      id: 7,
      folio: '31',
      auditor: 'Autoauditoría',
      companyName: 'Autos del Norte',
      initialDate: '2026-12-01',
      endDate: '2026-12-09',
      status: 1,
      statusName: 'En curso',
      selfAuditDeadline: '2026-12-05',
      closedAt: null,
      progress: {
        checked: list.filter((u) => u.result !== null).length,
        total: list.length,
        text: `${list.filter((u) => u.result !== null).length} de ${list.length}`,
      },
      version: 2,
      can: { mark: true, close: false, requestSelfAudit: false },
    },
    units: list,
    findings: [],
  },
});

describe('/auditorias/:id/unidades on a phone (issue 29 §3)', () => {
  it('a VIN with a wrong check digit is refused before anything is asked; the right one opens its card', async () => {
    storeSession(sessionUserOf(5));
    const calls = mockApi({
      'GET /api/identity/session': sessionCheck,
      'GET /api/audits/7/units': { body: units([unit(1, VIN), unit(2, '3N1CD3AP2VL960612')]) },
      'GET /api/audits/7/units/by-vin': { body: { data: unit(1, VIN) } },
    });
    renderApp('/auditorias/7/unidades');
    const field = await screen.findByRole('textbox', { name: TEXT.vinLabel });
    expect(screen.getByText('0 de 2')).toBeTruthy();

    const typo = '1M8GDM9A1KP042788';
    fireEvent.change(field, { target: { value: typo } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.search }));
    expect(await screen.findByText(TEXT.vinCheckDigit(typo))).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/by-vin'))).toBe(false);

    fireEvent.change(field, { target: { value: VIN.toLowerCase() } });
    fireEvent.click(screen.getByRole('button', { name: TEXT.search }));
    const card = await screen.findByLabelText(`Unidad ${VIN}`);
    for (const name of ['Encontrada', 'Vendida', 'No localizada', 'En tránsito']) {
      expect(within(card).getByRole('button', { name })).toBeTruthy();
    }
    const photo = within(card).getByLabelText(TEXT.photoLabel);
    expect(photo.getAttribute('accept')).toBe('image/*');
    expect(photo.getAttribute('capture')).toBe('environment');
    await waitFor(() => expect(calls.some((call) => call.search === `?vin=${VIN}`)).toBe(true));
  });
});
