// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES, STORAGE_KEYS, USER_TYPES, canOpenRoute, visibleButtons, type UserType } from '@planpiso/domain';
import '../../test/dom';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';

async function openAs(type: UserType, path: string, title: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  storeSession(sessionUserOf(type));
  mockApi({ 'GET /api/identity/session': sessionCheck, ...handlers });
  const view = renderApp(path);
  const heading = await screen.findByRole('heading', { name: title, level: 1 });
  return { ...view, header: heading.closest('header') as HTMLElement };
}

const buttonLabels = (header: HTMLElement) =>
  within(header)
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((label) => label !== '');

describe('title-bar buttons (spec 1 §2.1, §2.2)', () => {
  // Every list route with buttons, for every type that may open it: the bar shows exactly visibleButtons().
  const cases = ROUTES.filter((r) => r.buttons && !r.path.includes(':')).flatMap((route) =>
    USER_TYPES.filter((type) => canOpenRoute(route, type)).map((type) => [route.path, type, route] as const),
  );

  it.each(cases)('%s for type %i matches the route table', async (_path, type, route) => {
    const { header } = await openAs(type, route.path, route.title);
    expect(buttonLabels(header)).toEqual(visibleButtons(route, type).map((b) => b.label));
  });

  it.each([
    [5, '/disposiciones', 'Disposiciones', ['Solicitar Excepción', 'Crear Nuevo']],
    [2, '/disposiciones', 'Disposiciones', []],
    [3, '/cuentas', 'Cuentas', ['Crear Nuevo']],
    [2, '/cuentas', 'Cuentas', []],
    [4, '/sucursales', 'Sucursales', []],
    [2, '/auditorias', 'Auditorías', ['Cambiar Vista', 'Crear Nuevo']],
  ] as const)('type %i on %s sees %j', async (type, path, title, labels) => {
    const { header } = await openAs(type, path, title);
    expect(buttonLabels(header)).toEqual(labels);
  });

  it('Crear Nuevo on /disposiciones runs the pre-check first, then goes on to its form (spec 3 §5)', async () => {
    const { header, router } = await openAs(5, '/disposiciones', 'Disposiciones', {
      'GET /api/audits/validate-process': {
        body: {
          data: {
            canProvision: true,
            messages: ['Puedes disponer'],
            pendingBalances: 0,
            auditsInProgress: 0,
            latestExceptionStatus: null,
          },
        },
      },
    });
    fireEvent.click(within(header).getByRole('button', { name: 'Crear Nuevo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resultado de validación' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Crear disposición', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/crear-disposicion');
  });

  it('a button whose local flag is set is disabled', async () => {
    localStorage.setItem(STORAGE_KEYS.exceptionDisabled, 'true');
    const { header } = await openAs(5, '/disposiciones', 'Disposiciones');
    expect((within(header).getByRole('button', { name: 'Solicitar Excepción' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(header).getByRole('button', { name: 'Crear Nuevo' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Solicitar Excepción opens the exception request dialog (features/exceptions), which closes with Cancelar', async () => {
    const { header } = await openAs(5, '/disposiciones', 'Disposiciones');
    fireEvent.click(within(header).getByRole('button', { name: 'Solicitar Excepción' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar Excepción' });
    expect(within(dialog).getByRole('textbox', { name: 'Comentario' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
