// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SIGN_OUT_CLEARED_KEYS, STORAGE_KEYS, matchRoute } from '@planpiso/domain';
import '../test/dom';
import { apiError, mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { screenFor } from './screens';
import { sessionCheck, sessionUserOf, storeSession } from '../test/session-fixtures';

const storedKeys = () => SIGN_OUT_CLEARED_KEYS.filter((key) => localStorage.getItem(key) !== null);

async function expectAt(router: ReturnType<typeof renderApp>['router'], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('anonymous visitors', () => {
  it.each(['/usuarios', '/', '/no-existe/para-nada', '/editar-usuario/7'])('%s sends them to /login', async (path) => {
    mockApi({});
    const { router } = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    await expectAt(router, '/login');
  });
});

describe('signed-in users', () => {
  it('opening /login sends them to /', async () => {
    storeSession(sessionUserOf(3));
    mockApi({ 'GET /api/identity/session': sessionCheck });
    const { router } = renderApp('/login');
    expect(await screen.findByText(MESSAGES.welcome)).toBeTruthy();
    await expectAt(router, '/');
  });

  it('an unknown path sends them to /', async () => {
    storeSession(sessionUserOf(3));
    mockApi({ 'GET /api/identity/session': sessionCheck });
    const { router } = renderApp('/no-existe');
    expect(await screen.findByText(MESSAGES.welcome)).toBeTruthy();
    await expectAt(router, '/');
  });

  it('a route their type may not open sends them to /', async () => {
    storeSession(sessionUserOf(5));
    mockApi({ 'GET /api/identity/session': sessionCheck });
    const { router } = renderApp('/usuarios');
    expect(await screen.findByText(MESSAGES.welcome)).toBeTruthy();
    await expectAt(router, '/');
  });

  it('a route whose screen is not built shows "En construcción", never a blank page', async () => {
    // Every route of the spec has its screen since issue 19: a route marked not built falls back to the card.
    const route = matchRoute('/refinanciamientos/9')!;
    const Screen = await screenFor({ ...route, built: false })();
    render(<Screen />);
    expect(screen.getByText(MESSAGES.underConstruction)).toBeTruthy();
    expect(screen.getByText(MESSAGES.underConstructionDetail)).toBeTruthy();
    // The card speaks to the user: no raw route (issue 14 §1.9).
    expect(screen.queryByText(/\/refinanciamientos/)).toBeNull();
  });

  it('a form route shows a back button to its parent list', async () => {
    storeSession(sessionUserOf(2));
    mockApi({ 'GET /api/identity/session': sessionCheck });
    const { router } = renderApp('/editar-rol/4');
    expect(await screen.findByRole('heading', { name: 'Editar rol', level: 1 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(await screen.findByRole('heading', { name: 'Roles', level: 1 })).toBeTruthy();
    await expectAt(router, '/roles');
  });
});

describe('the start-up session check (spec 1 §4)', () => {
  it('a session the server refuses is signed out: storage cleared, back to /login', async () => {
    storeSession(sessionUserOf(2));
    localStorage.setItem(STORAGE_KEYS.units, '[1,2]');
    const calls = mockApi({ 'GET /api/identity/session': apiError(401, 'Unauthorized', MESSAGES.sessionInvalid) });
    const { router } = renderApp('/usuarios');
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    await expectAt(router, '/login');
    expect(storedKeys()).toEqual([]);
    // Only the spec's keys go: the selected units survive a sign-out.
    expect(localStorage.getItem(STORAGE_KEYS.units)).toBe('[1,2]');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/identity/sign-out')).toBe(true);
  });

  it('an expired token is signed out without asking the server', async () => {
    storeSession(sessionUserOf(2), Date.now() - 2 * 3600_000);
    const calls = mockApi({ 'GET /api/identity/session': sessionCheck });
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    await expectAt(router, '/login');
    expect(storedKeys()).toEqual([]);
    expect(calls.some((c) => c.path === '/api/identity/session')).toBe(false);
  });

  it('a corrupt stored token counts as no session and is dropped', async () => {
    storeSession(sessionUserOf(5));
    localStorage.setItem(STORAGE_KEYS.accessToken, 'basura');
    mockApi({});
    const { router } = renderApp('/disposiciones');
    expect(await screen.findByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    await expectAt(router, '/login');
    expect(storedKeys()).toEqual([]);
  });
});
