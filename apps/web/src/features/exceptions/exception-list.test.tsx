// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExceptionResponse } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi, type MockReply } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const exception = (extra: Partial<ExceptionResponse> = {}): ExceptionResponse => ({
  id: 9,
  folio: '42',
  type: 1,
  comment: 'Necesito disponer esta semana',
  status: 0,
  accountId: 1,
  companyId: 2,
  registerBy: 5,
  company: { id: 2, name: 'Autos del Norte' },
  commentOF: null,
  commentAF: null,
  isApproved: null,
  operatorId: null,
  adminId: null,
  version: 1,
  createdAt: '2026-11-24T18:05:00.000Z',
  evidences: [],
  ...extra,
});

function open(type: 2 | 3 | 5, items: ExceptionResponse[], extra: Record<string, MockReply | (() => MockReply)> = {}) {
  storeSession(sessionUserOf(type));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/exceptions': { body: { data: { items, total: items.length } } },
    'GET /api/accounts': { body: { data: { items: [], total: 0 } } },
    ...extra,
  });
  renderApp('/excepciones');
  return calls;
}

describe('/excepciones (spec 3 §2, §4)', () => {
  it('type 5: N° de excepción, date dd/MM/yyyy, statuses 0, 2 and 3 asked, the approved icon only at status 2', async () => {
    const calls = open(5, [exception({ status: 2 }), exception({ id: 10, folio: '43', status: 3 })]);
    expect(await screen.findByRole('columnheader', { name: 'N° de excepción' })).toBeTruthy();
    expect(await screen.findByText('42')).toBeTruthy();
    expect(screen.getAllByText('24/11/2026').length).toBe(2);
    expect(screen.getByLabelText('Aprobada')).toBeTruthy();
    expect(screen.getByLabelText('No aprobada')).toBeTruthy();
    const list = calls.find((c) => c.path === '/api/exceptions')!;
    expect(list.search).toContain('status=0&status=2&status=3');
    expect(list.search).toContain('sort=createdAt%3Adesc');
    // No send action for the dealer.
    expect(screen.queryByLabelText('Enviar 42')).toBeNull();
  });

  it('type 5 reads the answer and downloads the administrator evidence of a rejected one after confirming', async () => {
    const rejected = exception({
      status: 3,
      commentAF: 'Faltan documentos',
      evidences: [
        { id: 1, fileId: 77, fileName: 'r.png', fileSize: 10, extension: 'png', url: '/api/files/77', type: 6 },
      ],
    });
    const calls = open(5, [rejected], {
      'GET /api/files/77/link': { body: { data: { url: '/api/files/77/signed?x=1' } } },
    });
    fireEvent.click(await screen.findByLabelText('Ver 42'));
    const dialog = await screen.findByRole('dialog', { name: 'Visualizar respuesta' });
    expect(within(dialog).getByText('Faltan documentos')).toBeTruthy();
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descargar evidencia' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(opened).toEqual(['/api/files/77/signed?x=1']));
    expect(calls.some((c) => c.path === '/api/files/77/link')).toBe(true);
  });

  it('type 3: customer column, sends observations with Visto bueno; closes and reloads when status 1 comes back', async () => {
    const calls = open(3, [exception()], {
      'PUT /api/exceptions/9': {
        body: {
          data: exception({ status: 1, version: 2 }),
          message: 'Las observaciones de la excepción se enviaron correctamente',
        },
      },
    });
    expect(await screen.findByRole('columnheader', { name: 'Cliente' })).toBeTruthy();
    expect((await screen.findAllByText('Autos del Norte')).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === '/api/exceptions')!.search).toContain('status=0');
    fireEvent.click(screen.getByLabelText('Enviar 42'));
    const dialog = await screen.findByRole('dialog', { name: /Observaciones/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('El comentario es requerido')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Comentario/), { target: { value: 'Todo en orden' } });
    fireEvent.click(within(dialog).getByLabelText('Si'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('Las observaciones de la excepción se enviaron correctamente')).toBeTruthy();
    const put = calls.find((c) => c.path === '/api/exceptions/9')!;
    const form = put.body as FormData;
    expect([form.get('status'), form.get('version'), form.get('commentOF'), form.get('isApproved')]).toEqual([
      '1',
      '1',
      'Todo en orden',
      'true',
    ]);
    const before = calls.filter((c) => c.path === '/api/exceptions').length;
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Observaciones/ })).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/exceptions').length).toBeGreaterThan(before));
  });

  it('type 2 approves from the view dialog; a refused call keeps the dialog open', async () => {
    const reviewed = exception({ status: 1, commentOF: 'Revisado', isApproved: true, version: 2 });
    let refuse = true;
    open(2, [reviewed], {
      'PUT /api/exceptions/9': () =>
        refuse
          ? apiError(409, 'INVALID_STATUS', 'El estatus de la excepción no permite esta acción')
          : { body: { data: exception({ status: 2, version: 3 }), message: 'La excepción fue aprobada' } },
    });
    fireEvent.click(await screen.findByLabelText('Ver 42'));
    const view = await screen.findByRole('dialog', { name: 'Visualizar solicitud' });
    expect(within(view).getByText('Revisado')).toBeTruthy();
    fireEvent.click(within(view).getByRole('button', { name: 'Aprobar' }));
    const step = await screen.findByRole('dialog', { name: /Aprobar/ });
    fireEvent.click(within(step).getByRole('button', { name: 'Aprobar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('El estatus de la excepción no permite esta acción')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    refuse = false;
    const still = await screen.findByRole('dialog', { name: /Aprobar/ });
    fireEvent.click(within(still).getByRole('button', { name: 'Aprobar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText('La excepción fue aprobada')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Aprobar/ })).toBeNull());
  });

  it('a failing list is titled ¡Ocurrió un error!', async () => {
    open(5, [], {
      'GET /api/exceptions': apiError(500, 'InternalError', 'Ocurrió un error inesperado, inténtelo más tarde'),
    });
    expect(await screen.findByText('¡Ocurrió un error!')).toBeTruthy();
  });
});
