// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FINANCING_MESSAGES, MESSAGES, type EvidenceResponse, type UnitUnderReview } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const unit = (id: number, vinNumber: string): UnitUnderReview => ({
  id,
  vinNumber,
  model: '2026',
  motorNumber: `MTR-${id}`,
  color: 'Blanco',
  amount: '1234567.5',
  createdAt: '2026-11-20T18:00:00.000Z',
  comment: 'Falta la factura',
  provisionId: 7,
  version: 1,
  agency: 'Monterrey',
  brandName: 'Nissan',
  type: 'Sedan',
  description: 'Versa',
  insideColor: 'Negro',
});
const UNITS = [unit(1, '3N1CD3AP6VL213384'), unit(2, '1HGCM82633A004352')];
const evidence = (id: number, fileName: string, fileSize: number, type: number): EvidenceResponse => ({
  id,
  fileId: id,
  fileName,
  fileSize,
  extension: 'pdf',
  url: `/api/files/${id}`,
  type,
});

async function openUnits(extra: Parameters<typeof mockApi>[0] = {}) {
  storeSession(sessionUserOf(5));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/units/review': { body: { data: { items: UNITS, total: 2 } } },
    ...extra,
  });
  const view = renderApp('/unidades');
  const grid = await screen.findByRole('grid', { name: 'Unidades en revisión' });
  await within(grid).findByText(UNITS[0]!.vinNumber);
  return { ...view, calls, grid };
}

describe('/unidades (spec 3 §2 "Units under review")', () => {
  it('shows the units with the amount in en-US thousands and the creation day dd/MM/yyyy', async () => {
    const { grid, calls } = await openUnits();
    expect(within(grid).getAllByText('1,234,567.50')).toHaveLength(2);
    expect(within(grid).getAllByText('20/11/2026')).toHaveLength(2);
    // The spec's default sort: VIN descending.
    expect(calls.find((c) => c.path === '/api/units/review')?.search).toContain('sort=vinNumber%3Adesc');
  });

  it('documents: sizes in KB or MB, Agregar disabled until a file is chosen, only the first file is sent', async () => {
    let uploaded: FormData | undefined;
    const { grid } = await openUnits({
      'GET /api/units/1/evidences': {
        body: { data: [evidence(10, 'factura.pdf', 2_500_000, 7), evidence(11, 'pago.pdf', 250_000, 8)] },
      },
      'POST /api/units/1/uploadDocument': (body) => {
        uploaded = body as FormData;
        return { status: 201, body: { data: evidence(12, 'a.pdf', 10, 8) } };
      },
    });
    fireEvent.click(within(grid).getByRole('button', { name: `Cargar documentos ${UNITS[0]!.vinNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cargar documentos' });
    expect(await within(dialog).findByText('2.50 MB')).toBeTruthy();
    expect(within(dialog).getByText('250.00 KB')).toBeTruthy();
    // Type 7 came with the provision: no delete; type 8 may be deleted.
    expect(within(dialog).queryByRole('button', { name: 'Eliminar factura.pdf' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Eliminar pago.pdf' })).toBeTruthy();
    const add = within(dialog).getByRole('button', { name: 'Agregar' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    const first = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const second = new File(['otro'], 'b.txt', { type: 'text/plain' });
    fireEvent.change(within(dialog).getByLabelText('Archivo'), { target: { files: [first, second] } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect(uploaded).toBeDefined());
    expect(uploaded!.getAll('file').map((f) => (f as File).name)).toEqual(['a.pdf']);
  });

  it('Crear Nuevo with nothing ticked says so and offers no way on', async () => {
    await openUnits();
    fireEvent.click(screen.getByRole('button', { name: 'Crear Nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: FINANCING_MESSAGES.createProvisionDialogTitle });
    expect(within(dialog).getByText(MESSAGES.selectAtLeastOneUnit)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Aceptar' })).toBeNull();
  });

  it('Crear Nuevo with ticked units opens the wizard with them as reviewUnits', async () => {
    const { grid, router } = await openUnits();
    fireEvent.click(within(grid).getByRole('checkbox', { name: `Incluir ${UNITS[1]!.vinNumber}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear Nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: FINANCING_MESSAGES.createProvisionDialogTitle });
    expect(within(dialog).getByText(FINANCING_MESSAGES.includeSelectedUnits)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crear-disposicion'));
    expect(router.state.location.state).toEqual({ reviewUnits: [UNITS[1]] });
  });
});
