// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MENUS, MESSAGES, USER_TYPES, roleLabel, type MenuItem } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi } from '../../test/mock-api';
import { actAtFirstSight, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

const menu = () => screen.getByRole('navigation', { name: 'Menú principal' });
// Parents are buttons, screens are links: both, in screen order.
const menuLabels = () => [...menu().querySelectorAll('a, [role="button"]')].map((b) => b.textContent?.trim());
const expanded = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.label, ...(item.children ? expanded(item.children) : [])]);

async function openShell(type: (typeof USER_TYPES)[number], path = '/', extra = {}) {
  const user = sessionUserOf(type);
  storeSession(user);
  const calls = mockApi({ 'GET /api/identity/session': sessionCheck, ...extra });
  const view = renderApp(path);
  await screen.findByText(MESSAGES.welcome);
  return { ...view, calls, user };
}

describe('side menu (spec 1 §6)', () => {
  it.each(USER_TYPES)('type %i sees exactly its menu, parents expanding to their children', async (type) => {
    await openShell(type);
    expect(menuLabels()).toEqual(MENUS[type].map((item) => item.label));
    for (const parent of MENUS[type].filter((item) => item.children)) {
      fireEvent.click(within(menu()).getByRole('button', { name: parent.label }));
    }
    await waitFor(() => expect(menuLabels()).toEqual(expanded(MENUS[type])));
  });

  it('a parent collapses again, and a child navigates to its screen', async () => {
    const { router } = await openShell(3);
    fireEvent.click(within(menu()).getByRole('button', { name: 'Reportes' }));
    fireEvent.click(await within(menu()).findByRole('link', { name: 'Estadísticas de disposiciones' }));
    expect(await screen.findByRole('heading', { name: 'Estadísticas de disposiciones', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/estadisticas-disposiciones');

    fireEvent.click(within(menu()).getByRole('button', { name: 'Reportes' }));
    await waitFor(() => expect(menuLabels()).toEqual(MENUS[3].map((item) => item.label)));
  });

  it.each(USER_TYPES)('type %i: every screen in the menu is a link with its address (new tab, copy)', async (type) => {
    await openShell(type);
    for (const parent of MENUS[type].filter((item) => item.children)) {
      fireEvent.click(within(menu()).getByRole('button', { name: parent.label }));
    }
    const leaves = (items: readonly MenuItem[]): MenuItem[] =>
      items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
    const links = [];
    for (const item of leaves(MENUS[type])) {
      const link = await within(menu()).findByRole('link', { name: new RegExp(`^${item.label}`) });
      expect(link.tagName).toBe('A');
      expect(link.getAttribute('href')).toBe(item.path);
      links.push(link);
    }
    // A plain click still navigates in the app and marks the entry as the current page.
    const last = links.at(-1)!;
    expect(last.getAttribute('aria-current')).toBeNull();
    fireEvent.click(last);
    await waitFor(() => expect(last.getAttribute('aria-current')).toBe('page'));
  });

  it('Notificaciones shows a red dot when there are pending notifications', async () => {
    await openShell(5, '/', { 'GET /api/users/105/pending-notifications': { body: { data: { total: 3 } } } });
    const item = within(menu()).getByRole('link', { name: /Notificaciones/ });
    expect(await within(item).findByRole('img', { name: 'Notificaciones pendientes' })).toBeTruthy();
  });

  it('no dot with nothing pending, and a missing endpoint (404) neither shows one nor signs out', async () => {
    const { calls, router } = await openShell(2, '/', {});
    await waitFor(() => expect(calls.some((c) => c.path === '/api/users/102/pending-notifications')).toBe(true));
    expect(screen.queryByRole('img', { name: 'Notificaciones pendientes' })).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a 401 from the notifications count signs the user out', async () => {
    const { router } = await openShell(2, '/', {
      'GET /api/users/102/pending-notifications': apiError(401, 'Unauthorized', MESSAGES.sessionInvalid),
    });
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('top bar (spec 1 §2.3)', () => {
  it('shows the full name and role label; the welcome page shows the version', async () => {
    const { user } = await openShell(2);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText(`${user.firstname} ${user.lastname}`)).toBeTruthy();
    expect(within(banner).getByText(roleLabel(2))).toBeTruthy();
    expect(screen.getByText('Versión 1.3.0')).toBeTruthy();
    expect(within(banner).queryByRole('combobox', { name: 'Compañía' })).toBeNull();
  });

  it('a dealer switches company: the server is told, the new company shows and the user is sent to /', async () => {
    const { user, calls, router } = await openShell(4, '/', {
      'POST /api/auth/set-information': (body: unknown) => {
        const { companyId } = body as { companyId: number };
        const company = { id: companyId, name: 'Camiones del Norte', clientId: '10002' };
        const next = { ...sessionUserOf(4), company };
        return { body: { data: { user: next, token: 'x.' + btoa(JSON.stringify({ user: next })) + '.y' } } };
      },
    });
    await router.navigate('/inventario');
    await screen.findByRole('heading', { name: 'Inventario', level: 1 });

    const select = screen.getByRole('combobox', { name: 'Compañía' });
    expect(select.textContent).toBe('Autos del Norte');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Camiones del Norte' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Compañía' }).textContent).toBe('Camiones del Norte'),
    );
    expect(calls.find((c) => c.path === '/api/auth/set-information')?.body).toEqual({ userId: user.id, companyId: 12 });
  });

  it('Cerrar sesión signs out and returns to /login', async () => {
    const { calls, router } = await openShell(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/identity/sign-out')).toBe(true);
  });

  it('Cerrar sesión pressed the moment the shell first shows still returns to /login', async () => {
    // A click in the DOM's own notice of the shell's arrival comes before React has run the new screen's effects
    // (a busy machine or a quick hand): the sign-out must not depend on them to leave the emptied shell.
    storeSession(sessionUserOf(1));
    mockApi({ 'GET /api/identity/session': sessionCheck });
    const clicked = actAtFirstSight(
      () => screen.queryByRole('button', { name: 'Cerrar sesión' }),
      (button) => fireEvent.click(button),
    );
    const { router } = renderApp('/');
    await clicked;
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
