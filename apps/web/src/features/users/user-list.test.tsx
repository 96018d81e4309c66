// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, temporaryPasswordResent, type UserResponse, type UserType } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi, type MockReply } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';
import { page, userRow } from '../../test/user-fixtures';

// The first render transforms the DataGrid; do it once, outside any test's time limit.
preloadScreen(() => import('./user-list'));

type Handlers = Record<string, MockReply | ((body: unknown, url: URL) => MockReply | Promise<MockReply>)>;

async function openList(type: UserType, rows: UserResponse[], extra: Handlers = {}) {
  const actor = sessionUserOf(type);
  storeSession(actor);
  const calls = mockApi({ 'GET /api/identity/session': sessionCheck, 'GET /api/users': page(rows), ...extra });
  const view = renderApp('/usuarios');
  const grid = await screen.findByRole('grid', { name: 'Usuarios' });
  await within(grid).findByText(rows[0]!.email);
  return { ...view, calls, grid, actor };
}

const rowOf = (grid: HTMLElement, email: string) =>
  within(grid).getByText(email).closest('[role="row"]') as HTMLElement;

describe('users list columns (spec 1 §2.5)', () => {
  it('shows Usuario, Correo, Rol (N/A without one) and Fecha as dd/MM/yyyy, asking for email ascending', async () => {
    const { grid, calls } = await openList(2, [
      userRow({ id: 7, firstname: 'Ana', lastname: 'López', email: 'ana@planpiso.mx' }),
      userRow({ id: 8, firstname: 'Beto', lastname: 'Ruiz', email: 'beto@planpiso.mx', roleId: null, role: null }),
    ]);
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Usuario', 'Correo', 'Rol', 'Fecha', 'Acciones', 'Estatus']);
    const ana = rowOf(grid, 'ana@planpiso.mx');
    expect(within(ana).getByText('Ana López')).toBeTruthy();
    expect(within(ana).getByText('Operador de crédito')).toBeTruthy();
    expect(within(ana).getByText('02/03/2026')).toBeTruthy();
    expect(within(rowOf(grid, 'beto@planpiso.mx')).getByText(MESSAGES.notApplicable)).toBeTruthy();
    const list = calls.find((c) => c.path === '/api/users')!;
    expect(new URLSearchParams(list.search).get('sort')).toBe('email:asc');
    expect(new URLSearchParams(list.search).get('pageSize')).toBe('10');
  });

  it("type 1: edit only on type 2 rows, resend on other users' rows, no status switch on its own row", async () => {
    const { grid } = await openList(1, [
      userRow({ id: 101, firstname: 'Sofía', lastname: 'Martínez', email: 'a-yo@planpiso.mx', type: 1 }),
      userRow({ id: 20, firstname: 'Admin', lastname: 'Uno', email: 'b-admin@planpiso.mx', type: 2 }),
      userRow({ id: 30, firstname: 'Oper', lastname: 'Dos', email: 'c-oper@planpiso.mx', type: 3 }),
    ]);
    const own = rowOf(grid, 'a-yo@planpiso.mx');
    expect(within(own).queryByRole('button', { name: /^Editar/ })).toBeNull();
    expect(within(own).queryByRole('switch')).toBeNull();
    expect(within(own).queryByRole('checkbox')).toBeNull();
    expect(within(rowOf(grid, 'b-admin@planpiso.mx')).getByRole('button', { name: 'Editar Admin Uno' })).toBeTruthy();
    expect(within(rowOf(grid, 'c-oper@planpiso.mx')).queryByRole('button', { name: /^Editar/ })).toBeNull();
    expect(within(own).queryByRole('button', { name: /^Reenviar contraseña temporal/ })).toBeNull();
    for (const email of ['b-admin@planpiso.mx', 'c-oper@planpiso.mx']) {
      expect(within(rowOf(grid, email)).getByRole('button', { name: /^Reenviar contraseña temporal/ })).toBeTruthy();
    }
    expect(within(rowOf(grid, 'b-admin@planpiso.mx')).getByLabelText('Estatus de Admin Uno')).toBeTruthy();
  });

  it('type 4: edits every other row, never resends, and the edit goes to /editar-usuario/{id}', async () => {
    const { grid, router } = await openList(4, [
      userRow({ id: 104, firstname: 'Raúl', lastname: 'Garza', email: 'a-yo@autos.mx', type: 4 }),
      userRow({ id: 55, firstname: 'Lucía', lastname: 'Treviño', email: 'b-lucia@autos.mx', type: 5 }),
    ]);
    expect(within(grid).queryAllByRole('button', { name: /^Reenviar/ })).toHaveLength(0);
    expect(within(rowOf(grid, 'a-yo@autos.mx')).queryByRole('button', { name: /^Editar/ })).toBeNull();
    fireEvent.click(within(rowOf(grid, 'b-lucia@autos.mx')).getByRole('button', { name: 'Editar Lucía Treviño' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editar-usuario/55'));
  });
});

describe('users filters (spec 1 §2.5, §6)', () => {
  it.each([
    [2, false, ['3']],
    [4, false, ['5']],
    [3, true, ['4', '5']],
    [1, true, ['2', '3', '4', '5']],
  ] as const)('type %i: organisation filters shown = %s; role options of types %j', async (type, shown, roleTypes) => {
    const { calls } = await openList(type, [userRow({ id: 9, email: 'x@planpiso.mx' })], {
      'GET /api/roles': page([]),
      'GET /api/accounts': page([]),
      'GET /api/agencies': page([]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    // Scoped to the search: the header of types 4 and 5 has its own Compañía select.
    const search = screen.getByRole('search');
    expect(await within(search).findByRole('combobox', { name: 'Rol' })).toBeTruthy();
    expect((await screen.findAllByLabelText('Inicia')).length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('Finaliza').length).toBeGreaterThan(0);
    expect(!!within(search).queryByRole('combobox', { name: 'Cuenta' })).toBe(shown);
    expect(!!within(search).queryByRole('combobox', { name: 'Compañía' })).toBe(shown);
    expect(!!within(search).queryByRole('combobox', { name: 'Agencia' })).toBe(shown);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/roles')).toBe(true));
    const roles = new URLSearchParams(calls.find((c) => c.path === '/api/roles')!.search);
    expect(roles.getAll('type')).toEqual(roleTypes);
  });

  it('Buscar puts the name and e-mail in the URL and asks the server for them', async () => {
    const { calls, router } = await openList(2, [userRow({ id: 9, email: 'x@planpiso.mx' })]);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Correo'), { target: { value: 'ana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?name=Ana&email=ana%40'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/users' && c.search.includes('name=Ana&email=ana%40'))).toBe(true),
    );
  });
});

describe('status toggle (spec 1 §4)', () => {
  it('asks, sends the inverse, the row takes the returned value and the message shows', async () => {
    const { grid, calls } = await openList(
      2,
      [userRow({ id: 31, firstname: 'Oper', lastname: 'Activo', email: 'oper@planpiso.mx', isActive: true })],
      {
        'PATCH /api/users/31/active': {
          body: { data: { isActive: false, version: 2 }, message: MESSAGES.userStatusChanged },
        },
      },
    );
    const toggle = within(grid).getByLabelText('Estatus de Oper Activo') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);

    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmUserStatus)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));

    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(within(result).getByText(MESSAGES.userStatusChanged)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false, version: 1 });
    expect((within(grid).getByLabelText('Estatus de Oper Activo') as HTMLInputElement).checked).toBe(false);
  });

  // docs/decisions/016: someone changed the user first; the server's message shows and the list reloads.
  it('on a 409 shows the server message and reloads the list', async () => {
    const { grid, calls } = await openList(
      2,
      [userRow({ id: 31, firstname: 'Oper', lastname: 'Activo', email: 'oper@planpiso.mx', version: 4 })],
      {
        'PATCH /api/users/31/active': {
          status: 409,
          body: { statusCode: 409, code: 'STALE_VERSION', message: MESSAGES.staleVersion },
        },
      },
    );
    const listed = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/users').length;
    const before = listed();
    fireEvent.click(within(grid).getByLabelText('Estatus de Oper Activo'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(result).getByText(MESSAGES.staleVersion)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false, version: 4 });
    await waitFor(() => expect(listed()).toBeGreaterThan(before));
  });

  it('shows no toggle on one’s own row (the user status machine)', async () => {
    const self = sessionUserOf(2);
    const { grid } = await openList(2, [
      userRow({ id: self.id, firstname: 'Yo', lastname: 'Mismo', email: 'yo@planpiso.mx', type: 2 }),
      userRow({ id: 31, firstname: 'Oper', lastname: 'Activo', email: 'oper@planpiso.mx' }),
    ]);
    expect(within(grid).queryByLabelText('Estatus de Yo Mismo')).toBeNull();
    expect(within(grid).getByLabelText('Estatus de Oper Activo')).toBeTruthy();
  });

  it('Cancelar changes nothing', async () => {
    const { grid, calls } = await openList(2, [
      userRow({ id: 31, firstname: 'Oper', lastname: 'Activo', email: 'oper@planpiso.mx' }),
    ]);
    fireEvent.click(within(grid).getByLabelText('Estatus de Oper Activo'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('resend temporary password (spec 1 §6, §8)', () => {
  it('asks, then shows the server message', async () => {
    const message = temporaryPasswordResent('Oper Dos');
    const { grid, calls } = await openList(
      3,
      [userRow({ id: 40, firstname: 'Oper', lastname: 'Dos', email: 'oper@planpiso.mx', type: 5 })],
      { 'PATCH /api/users/40/resend': { body: { data: { firstname: 'Oper', lastname: 'Dos' }, message } } },
    );
    fireEvent.click(within(grid).getByRole('button', { name: 'Reenviar contraseña temporal a Oper Dos' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmResendPassword)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH' && c.path === '/api/users/40/resend')).toBe(true);
  });

  it("a failure shows the spec's fixed text, whatever the server said", async () => {
    const { grid } = await openList(
      3,
      [userRow({ id: 40, firstname: 'Oper', lastname: 'Dos', email: 'oper@planpiso.mx', type: 5 })],
      { 'PATCH /api/users/40/resend': apiError(503, 'MAIL_FAILED', 'Otro texto') },
    );
    fireEvent.click(within(grid).getByRole('button', { name: 'Reenviar contraseña temporal a Oper Dos' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(result).getByText(MESSAGES.resendPasswordFailed)).toBeTruthy();
  });
});
