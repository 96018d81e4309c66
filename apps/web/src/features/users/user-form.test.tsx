// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, additionalEmailsInvalid, userSaved, userUpdated, type UserType } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi, type MockReply } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';
import { page, roleRow, userRow } from '../../test/user-fixtures';

preloadScreen(() => import('./user-form'));

type Handlers = Record<string, MockReply | ((body: unknown, url: URL) => MockReply | Promise<MockReply>)>;

async function openForm(type: UserType, path = '/crear-usuario', extra: Handlers = {}) {
  storeSession(sessionUserOf(type));
  const calls = mockApi({
    'GET /api/identity/session': sessionCheck,
    'GET /api/roles': page([roleRow({ id: 30, name: 'Operador de crédito', type: 3 })]),
    'GET /api/accounts': page([{ id: 1, name: 'Grupo Automotriz del Norte', type: 1, isActive: true }]),
    'GET /api/accounts/1/companies': page([
      { id: 11, name: 'Autos del Norte', legalName: null, clientId: '10001', accountId: 1, isActive: true },
    ]),
    'GET /api/agencies': page([
      { id: 7, name: 'Sucursal Monterrey Centro', accountId: 1, companyId: 11, isActive: true },
    ]),
    ...extra,
  });
  const view = renderApp(path);
  const form = await screen.findByRole('form');
  await within(form).findByLabelText('Nombre');
  return { ...view, calls, form };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fields = (form: HTMLElement) => ({
  account: within(form).queryByRole('combobox', { name: 'Cuenta' }),
  company: within(form).queryByRole('combobox', { name: 'Compañía' }),
  agency: within(form).queryByRole('combobox', { name: 'Agencia' }),
});

async function pick(form: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(form).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('user form fields by creator type (spec 1 §2.6)', () => {
  it.each([1, 2] as const)('type %i: base fields and role only', async (creator) => {
    const { form } = await openForm(creator);
    for (const label of ['Nombre', 'Apellidos', 'Correo', 'Teléfono', 'Correos adicionales']) {
      expect(within(form).getByLabelText(label)).toBeTruthy();
    }
    expect(within(form).getByRole('combobox', { name: 'Rol' })).toBeTruthy();
    expect(fields(form)).toEqual({ account: null, company: null, agency: null });
  });

  it('type 3: also account and company; the company list is the chosen account’s', async () => {
    const { form, calls } = await openForm(3);
    const { account, company, agency } = fields(form);
    expect(account).toBeTruthy();
    expect(company?.getAttribute('aria-disabled')).toBe('true');
    expect(agency).toBeNull();
    await pick(form, 'Cuenta', 'Grupo Automotriz del Norte');
    await pick(form, 'Compañía', 'Autos del Norte');
    expect(calls.some((c) => c.path === '/api/accounts/1/companies')).toBe(true);
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/accounts')!.search).get('all')).toBe('true');
  });

  it('type 4: base fields and the agency list', async () => {
    const { form, calls } = await openForm(4);
    expect(fields(form).account).toBeNull();
    expect(fields(form).company).toBeNull();
    await pick(form, 'Agencia', 'Sucursal Monterrey Centro');
    expect(calls.some((c) => c.path === '/api/agencies')).toBe(true);
    // Its branches list spans the account (spec 2 §6); its new users go to the active company's branches.
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/agencies')!.search).get('company')).toBe('11');
  });

  it.each([
    [1, ['2'], 'Roles de tipo Administrador Finbe'],
    [2, ['3'], 'Roles de tipo Operador Finbe'],
    [3, ['4', '5'], 'Roles de tipo Representante Legal o Operador Agencia'],
    [4, ['5'], 'Roles de tipo Operador Agencia'],
  ] as const)(
    'type %i is offered active roles of types %j (decision 008), and the form says so',
    async (creator, types, hint) => {
      const { form, calls } = await openForm(creator);
      await waitFor(() => expect(calls.some((c) => c.path === '/api/roles')).toBe(true));
      const query = new URLSearchParams(calls.find((c) => c.path === '/api/roles')!.search);
      expect(query.getAll('type')).toEqual(types);
      expect(query.get('active')).toBe('true');
      expect(within(form).getByText(hint)).toBeTruthy();
    },
  );
});

describe('user form validation (spec 1 §5), messages verbatim', () => {
  it('required fields, phone and additional e-mails', async () => {
    const { form, calls } = await openForm(2);
    type('Teléfono', '12ab');
    type('Correos adicionales', 'uno@planpiso.mx; malo');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findAllByText(MESSAGES.required)).toHaveLength(4);
    expect(within(form).getByText(MESSAGES.phoneInvalid)).toBeTruthy();
    expect(within(form).getByText(additionalEmailsInvalid('malo'))).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a phone of 7 digits is refused, the e-mail format is checked', async () => {
    const { form } = await openForm(2);
    type('Teléfono', '8112345');
    type('Correo', 'no-es-correo');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(MESSAGES.phoneInvalid)).toBeTruthy();
    expect(within(form).getByText('Formato correo incorrecto')).toBeTruthy();
  });

  it('type 3: account and company are required', async () => {
    const { form } = await openForm(3);
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    // Nombre, Apellidos, Correo, Rol, Cuenta and Compañía.
    expect(await within(form).findAllByText(MESSAGES.required)).toHaveLength(6);
  });
});

describe('user save flow (spec 1 §4, §8)', () => {
  const fill = async (form: HTMLElement) => {
    type('Nombre', 'Olga');
    type('Apellidos', 'Pérez');
    type('Correo', 'olga@planpiso.mx');
    type('Teléfono', '8112345678');
    await pick(form, 'Rol', 'Operador de crédito');
  };

  it('create: confirm, POST, the server message, then back to /usuarios', async () => {
    const { form, calls, router } = await openForm(2, '/crear-usuario', {
      'POST /api/users': (body) => ({
        status: 201,
        body: { data: userRow({ id: 70, ...(body as object) }), message: userSaved('Olga Pérez') },
      }),
    });
    await fill(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmCreateUser)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));

    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(within(result).getByText(userSaved('Olga Pérez'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstname: 'Olga',
      lastname: 'Pérez',
      email: 'olga@planpiso.mx',
      phone: '8112345678',
      additionalEmails: '',
      roleId: 30,
    });
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
  });

  it("a failure shows the server's message and stays on the form", async () => {
    const { form, router } = await openForm(2, '/crear-usuario', {
      'POST /api/users': apiError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken),
    });
    await fill(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(within(result).getByText(MESSAGES.emailTaken)).toBeTruthy();
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/crear-usuario');
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Olga');
  });

  it('edit: loads the user, asks "Edición", PUTs and shows the update message', async () => {
    const user = userRow({
      id: 55,
      firstname: 'Lucía',
      lastname: 'Treviño',
      email: 'lucia@autos.mx',
      type: 3,
      roleId: 30,
    });
    const { form, calls } = await openForm(2, '/editar-usuario/55', {
      'GET /api/users/55': { body: { data: user } },
      'PUT /api/users/55': (body) => ({
        body: { data: { ...user, ...(body as object) }, message: userUpdated('Lucía Treviño') },
      }),
    });
    await waitFor(() => expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Lucía'));
    type('Apellidos', 'Treviño Garza');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.confirmEdit)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(userUpdated('Lucía Treviño'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ lastname: 'Treviño Garza', roleId: 30 });
    const roles = new URLSearchParams(calls.find((c) => c.path === '/api/roles')!.search);
    expect(roles.getAll('type')).toEqual(['3']);
  });

  it('Cancelar returns to /usuarios', async () => {
    const { form, router } = await openForm(1);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
  });
});
