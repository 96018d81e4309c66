// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, roleCreated, roleLabel, roleUpdated, type UserType } from '@planpiso/domain';
import '../../test/dom';
import { mockApi, type MockReply } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';
import { page, roleRow } from '../../test/user-fixtures';

preloadScreen(() => Promise.all([import('./role-list'), import('./role-form')]));

type Handlers = Record<string, MockReply | ((body: unknown, url: URL) => MockReply | Promise<MockReply>)>;

function open(type: UserType, path: string, extra: Handlers = {}) {
  storeSession(sessionUserOf(type));
  const calls = mockApi({ 'GET /api/identity/session': sessionCheck, ...extra });
  return { ...renderApp(path), calls };
}

const typeOptions = async () => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo' }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  return options;
};

describe('roles list (spec 1 §2.7)', () => {
  it('columns, default sort by name, and the status toggle flow', async () => {
    const { calls } = open(2, '/roles', {
      'GET /api/roles': page([roleRow({ id: 5, name: 'Operador de crédito', description: 'Analiza solicitudes' })]),
      'PATCH /api/roles/5/active': {
        body: { data: { isActive: false, version: 2 }, message: MESSAGES.roleStatusChanged },
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Roles' });
    await within(grid).findByText('Operador de crédito');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rol', 'Descripción', 'Fecha', 'Acciones', 'Estatus']);
    expect(within(grid).getByText('15/02/2026')).toBeTruthy();
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/roles')!.search).get('sort')).toBe('name:asc');
    expect(within(grid).getByRole('button', { name: 'Editar Operador de crédito' })).toBeTruthy();

    fireEvent.click(within(grid).getByLabelText('Estatus de Operador de crédito'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmRoleStatus)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(MESSAGES.roleStatusChanged)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false, version: 1 });
    expect((within(grid).getByLabelText('Estatus de Operador de crédito') as HTMLInputElement).checked).toBe(false);
  });
});

describe('role form (spec 1 §2.8)', () => {
  it.each([
    [1, [2, 3, 4, 5]],
    [2, [3, 4, 5]],
    [3, [4, 5]],
    [4, [5]],
  ] as const)('create as type %i offers types %j', async (creator, types) => {
    open(creator, '/crear-rol');
    await screen.findByRole('form', { name: 'Crear rol' });
    expect(await typeOptions()).toEqual(types.map((t) => roleLabel(t)));
  });

  it('create: required name and type, then the confirm, POST and the server message', async () => {
    const { calls, router } = open(2, '/crear-rol', {
      'POST /api/roles': (body) => ({
        status: 201,
        body: { data: roleRow({ id: 9, ...(body as object) }), message: roleCreated('Gerente') },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Crear rol' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findAllByText(MESSAGES.required)).toHaveLength(2);

    fireEvent.change(within(form).getByLabelText('Nombre'), { target: { value: 'Gerente' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: roleLabel(3) }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmCreateRole)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(within(result).getByText(roleCreated('Gerente'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Gerente', description: '', type: 3 });
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles'));
  });

  it('edit: the type is shown but cannot change; "Edición" confirm and PUT', async () => {
    const role = roleRow({ id: 12, name: 'Capturista', description: 'Captura', type: 5 });
    const { calls } = open(3, '/editar-rol/12', {
      'GET /api/roles/12': { body: { data: role } },
      'PUT /api/roles/12': (body) => ({
        body: { data: { ...role, ...(body as object) }, message: roleUpdated('Capturista') },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Editar rol' });
    await waitFor(() => expect((within(form).getByLabelText('Nombre') as HTMLInputElement).value).toBe('Capturista'));
    const typeSelect = within(form).getByRole('combobox', { name: 'Tipo' });
    expect(typeSelect.textContent).toBe(roleLabel(5));
    expect(typeSelect.getAttribute('aria-disabled')).toBe('true');

    fireEvent.change(within(form).getByLabelText('Descripción'), { target: { value: 'Captura disposiciones' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmEdit)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(roleUpdated('Capturista'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Capturista',
      description: 'Captura disposiciones',
      type: 5,
    });
  });
});
