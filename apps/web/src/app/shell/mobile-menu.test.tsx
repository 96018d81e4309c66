// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MENUS, MESSAGES } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { actAtFirstSight, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

/** A phone-sized window (412 px wide): every `max-width` query below 900 px matches, `min-width` ones do not. */
function phoneScreen() {
  const width = 412;
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

const menu = () => screen.queryByRole('navigation', { name: 'Menú principal' });

/** Opens the drawer from the top bar. */
async function openMenuFromTopBar() {
  fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: MESSAGES.openMenu }));
  return screen.findByRole('navigation', { name: 'Menú principal' });
}

async function openShellOnAPhone(type: 1 | 2 | 3 | 4 | 5, extra = {}) {
  phoneScreen();
  storeSession(sessionUserOf(type));
  const calls = mockApi({ 'GET /api/identity/session': sessionCheck, ...extra });
  const view = renderApp('/');
  await screen.findByText(MESSAGES.welcome);
  return { ...view, calls };
}

describe('side menu on a small screen', () => {
  it('is hidden until the top bar button opens it, and following a link closes it', async () => {
    const { router } = await openShellOnAPhone(1);
    expect(menu()).toBeNull();

    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: MESSAGES.openMenu }));
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    const topLevel = [...nav.querySelectorAll('a, [role="button"]')].map((entry) => entry.textContent?.trim());
    expect(topLevel).toEqual(MENUS[1].map((item) => item.label));

    // A parent still expands inside the drawer; its child navigates.
    fireEvent.click(within(nav).getByRole('button', { name: 'Usuarios' }));
    fireEvent.click(await within(nav).findByRole('link', { name: 'Usuarios' }));
    expect(await screen.findByRole('heading', { name: 'Usuarios', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/usuarios');
    await waitFor(() => expect(menu()).toBeNull());
  });

  it('opens when pressed the moment the shell first shows', async () => {
    phoneScreen();
    storeSession(sessionUserOf(1));
    mockApi({ 'GET /api/identity/session': sessionCheck });
    const pressed = actAtFirstSight(
      () => screen.queryByRole('button', { name: MESSAGES.openMenu }),
      (button) => fireEvent.click(button),
    );
    renderApp('/');
    await pressed;
    await screen.findByText(MESSAGES.welcome);
    // Once the frame's first effects have run, the drawer is still open.
    await act(async () => {});
    expect(menu()).not.toBeNull();
  });

  it('Escape closes it without navigating', async () => {
    const { router } = await openShellOnAPhone(1);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.openMenu }));
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    fireEvent.keyDown(nav, { key: 'Escape' });
    await waitFor(() => expect(menu()).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('pending notifications are still counted with the menu closed, and show once it opens', async () => {
    const { calls } = await openShellOnAPhone(5, {
      'GET /api/users/105/pending-notifications': { body: { data: { total: 3 } } },
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/users/105/pending-notifications')).toBe(true));
    expect(menu()).toBeNull();
    // The closed menu's button carries the dot.
    const button = screen.getByRole('button', { name: MESSAGES.openMenu });
    expect(await within(button).findByRole('img', { name: 'Notificaciones pendientes' })).toBeTruthy();
    fireEvent.click(button);
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    const item = within(nav).getByRole('link', { name: /Notificaciones/ });
    expect(await within(item).findByRole('img', { name: 'Notificaciones pendientes' })).toBeTruthy();
  });

  it('type 4: the company switch and Cerrar sesión are in the drawer, not in the top bar; switching closes it', async () => {
    const { router, calls } = await openShellOnAPhone(4, {
      'POST /api/auth/set-information': (body: unknown) => {
        const { companyId } = body as { companyId: number };
        const next = { ...sessionUserOf(4), company: { id: companyId, name: 'Camiones del Norte', clientId: '10002' } };
        return { body: { data: { user: next, token: 'x.' + btoa(JSON.stringify({ user: next })) + '.y' } } };
      },
    });
    const bar = screen.getByRole('banner');
    expect(within(bar).queryByRole('combobox', { name: 'Compañía' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();

    await openMenuFromTopBar();
    const drawer = screen.getByRole('presentation');
    expect(within(drawer).getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    const select = within(drawer).getByRole('combobox', { name: 'Compañía' });
    expect(select.textContent).toBe('Autos del Norte');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Camiones del Norte' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/set-information')).toBe(true));
    await waitFor(() => expect(menu()).toBeNull());
    expect(router.state.location.pathname).toBe('/');

    await openMenuFromTopBar();
    fireEvent.click(within(screen.getByRole('presentation')).getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
