// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type NotificationResponse } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';
import { notificationRow, page } from '../../test/user-fixtures';

preloadScreen(() => import('./notification-list'));

async function openList(rows: NotificationResponse[]) {
  storeSession(sessionUserOf(5));
  let pending = rows.filter((n) => !n.isReaded).length;
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/users/105/notifications': page(rows),
    'GET /api/users/105/pending-notifications': () => ({ body: { data: { total: pending } } }),
    'PATCH /api/notifications/1': (body) => {
      const { action } = body as { action: string };
      if (action === 'read') pending -= 1;
      return {
        body: {
          data: { ...rows[0], isReaded: true },
          ...(action === 'delete' ? { message: MESSAGES.notificationDeleted } : {}),
        },
      };
    },
  });
  const view = renderApp('/notificaciones');
  const grid = await screen.findByRole('grid', { name: 'Notificaciones' });
  await within(grid).findByText(rows[0]!.message);
  return { ...view, calls, grid };
}

const rowOf = (grid: HTMLElement, text: string) => within(grid).getByText(text).closest('[role="row"]') as HTMLElement;
const menuDot = () =>
  within(screen.getByRole('navigation', { name: 'Menú principal' })).queryByRole('img', {
    name: 'Notificaciones pendientes',
  });

describe('notifications list (spec 1 §2.9)', () => {
  it('columns, newest first, date with time, and a red dot on unread rows only', async () => {
    const { grid, calls } = await openList([
      notificationRow({ id: 1, type: 2, message: 'Excepción aprobada', createdAt: '2026-03-02T17:45:00' }),
      notificationRow({ id: 2, type: 1, message: 'Disposición autorizada', isReaded: true }),
    ]);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tipo', 'Descripción', 'Fecha', 'Acciones']);
    const unread = rowOf(grid, 'Excepción aprobada');
    expect(within(unread).getByText('Excepción')).toBeTruthy();
    expect(within(unread).getByText('02/03/2026 17:45')).toBeTruthy();
    expect(within(unread).getByRole('img', { name: 'No leída' })).toBeTruthy();
    expect(within(rowOf(grid, 'Disposición autorizada')).queryByRole('img', { name: 'No leída' })).toBeNull();
    const query = new URLSearchParams(calls.find((c) => c.path === '/api/users/105/notifications')!.search);
    expect(query.get('sort')).toBe('createdAt:desc');
  });

  it('Ver shows type and description with Cerrar, marks it read, and the dots go away', async () => {
    const { grid, calls } = await openList([notificationRow({ id: 1, type: 2, message: 'Excepción aprobada' })]);
    await waitFor(() => expect(menuDot()).toBeTruthy());
    fireEvent.click(within(grid).getByRole('button', { name: 'Ver notificación 1' }));

    const dialog = await screen.findByRole('dialog', { name: 'Excepción' });
    expect(within(dialog).getByText('Excepción aprobada')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/api/notifications/1',
        body: { action: 'read' },
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(rowOf(grid, 'Excepción aprobada')).queryByRole('img', { name: 'No leída' })).toBeNull();
    await waitFor(() => expect(menuDot()).toBeNull());
  });

  it('a read notification opens without another call', async () => {
    const { grid, calls } = await openList([notificationRow({ id: 1, message: 'Ya leída', isReaded: true })]);
    fireEvent.click(within(grid).getByRole('button', { name: 'Ver notificación 1' }));
    await screen.findByRole('dialog', { name: 'Disposición' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('Eliminar asks first, then deletes through the update call', async () => {
    const { grid, calls } = await openList([notificationRow({ id: 1, message: 'Para borrar' })]);
    fireEvent.click(within(grid).getByRole('button', { name: 'Eliminar notificación 1' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmDeleteNotification)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(MESSAGES.notificationDeleted)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ action: 'delete' });
  });

  it('the type filter offers Seleccione tipo, Disposición and Excepción and goes to the server', async () => {
    const { calls, router } = await openList([notificationRow({ id: 1 })]);
    fireEvent.mouseDown(within(screen.getByRole('search')).getByRole('combobox', { name: 'Tipo' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([MESSAGES.selectNotificationType, 'Disposición', 'Excepción']);
    fireEvent.click(screen.getByRole('option', { name: 'Excepción' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=2'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/users/105/notifications' && c.search.includes('type=2'))).toBe(true),
    );
  });
});
