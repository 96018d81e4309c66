// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, STORAGE_KEYS } from '@planpiso/domain';
import '../test/dom';
import { fakeSockets, liveSocket } from '../test/fake-socket';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../test/session-fixtures';
import { connectRealtime } from './realtime';

const operator = sessionUserOf(5);
const notification = {
  id: 41,
  type: 2,
  message: 'Se aprobó la excepción de la unidad 3VW1K1AJ5',
  isReaded: false,
  createdAt: '2026-03-02T17:45:00.000Z',
};

async function openShell(pending = { total: 0 }) {
  storeSession(operator);
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/users/105/pending-notifications': () => ({ body: { data: pending } }),
  });
  const view = renderApp('/');
  await screen.findByText(MESSAGES.welcome);
  await waitFor(() => expect(liveSocket()).toBeTruthy());
  return { ...view, calls, socket: liveSocket()! };
}

describe('live notifications (spec 1 §2.9)', () => {
  it('connects after sign-in over /socket.io with the access token in the handshake', async () => {
    const { socket } = await openShell();
    expect(socket.options.path).toBe('/socket.io');
    expect(socket.handshakeTokens).toEqual([localStorage.getItem(STORAGE_KEYS.accessToken)]);
  });

  it("the user's event shows a closable toast and refreshes the red dot", async () => {
    const pending = { total: 0 };
    const { socket, calls } = await openShell(pending);
    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(menu).queryByRole('img', { name: 'Notificaciones pendientes' })).toBeNull();
    const countCalls = () => calls.filter((c) => c.path === '/api/users/105/pending-notifications').length;
    const before = countCalls();

    pending.total = 1;
    act(() => socket.serverEmit('105', notification));

    const toast = await screen.findByText(notification.message);
    await waitFor(() => expect(countCalls()).toBeGreaterThan(before));
    expect(await within(menu).findByRole('img', { name: 'Notificaciones pendientes' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    await waitFor(() => expect(toast.isConnected).toBe(false));
  });

  it('the toast hides by itself after about 6 seconds', async () => {
    const { socket } = await openShell();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => socket.serverEmit('105', notification));
    expect(screen.getByText(notification.message)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(screen.getByText(notification.message)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await waitFor(() => expect(screen.queryByText(notification.message)).toBeNull());
  });

  it('the pending total pushed by the server switches the dot on and off without a call', async () => {
    const { socket } = await openShell();
    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    act(() => socket.serverEmit('pending-notifications', { total: 4 }));
    expect(await within(menu).findByRole('img', { name: 'Notificaciones pendientes' })).toBeTruthy();
    act(() => socket.serverEmit('pending-notifications', { total: 0 }));
    await waitFor(() => expect(within(menu).queryByRole('img', { name: 'Notificaciones pendientes' })).toBeNull());
  });

  it("ignores other users' events and malformed payloads", async () => {
    const { socket } = await openShell();
    act(() => {
      socket.serverEmit('104', { ...notification, message: 'Para otro usuario' });
      socket.serverEmit('105', { message: 'sin forma' });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Para otro usuario')).toBeNull();
    expect(screen.queryByText('sin forma')).toBeNull();
  });

  it('sign-out disconnects the socket', async () => {
    const { socket } = await openShell();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('button', { name: 'Iniciar Sesión' });
    expect(socket.connected).toBe(false);
    expect(fakeSockets.some((s) => s.connected)).toBe(false);
  });
});

describe('connectRealtime', () => {
  it('reconnects with the fresh token after a refresh, and resyncs after the gap', async () => {
    const onResync = vi.fn();
    const connection = connectRealtime(7, 'token-1', { onNotification: vi.fn(), onPendingTotal: vi.fn(), onResync });
    await Promise.resolve();
    const socket = fakeSockets.at(-1)!;
    expect(socket.options.transports).toEqual(['websocket']);
    connection.updateToken('token-1');
    expect(socket.handshakeTokens).toEqual(['token-1']);
    connection.updateToken('token-2');
    expect(socket.handshakeTokens).toEqual(['token-1', 'token-2']);
    expect(socket.connected).toBe(true);
    expect(onResync).toHaveBeenCalledTimes(1);
    connection.close();
    expect(socket.connected).toBe(false);
  });
});
