// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, MESSAGES, type AuditResponse } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi, type MockReply } from '../../test/mock-api';
import { preloadScreen, renderApp } from '../../test/render-app';
import { sessionCheck, sessionUserOf, storeSession } from '../../test/session-fixtures';
import { page } from '../../test/user-fixtures';

preloadScreen(() => import('./audit-form'));

type Handlers = Record<string, MockReply | ((body: unknown, url: URL) => MockReply | Promise<MockReply>)>;

const account = (id: number, name: string) => ({ id, name, type: 1, isActive: true });
const company = (id: number, name: string, accountId: number) => ({
  id,
  name,
  legalName: null,
  clientId: String(10000 + id),
  accountId,
  isActive: true,
});
const audit: AuditResponse = {
  id: 5,
  folio: '12',
  auditor: 'Laura Méndez',
  description: 'Inventario físico',
  accountId: 1,
  companyId: 11,
  isSuspended: false,
  registerBy: 2,
  initialDate: '2026-12-10',
  endDate: '2026-12-12',
  account: { name: 'Grupo Automotriz del Norte' },
  company: { name: 'Autos del Norte' },
  status: 1,
  version: 3,
  can: { edit: true },
};

async function openForm(path: string, handlers: Handlers) {
  storeSession(sessionUserOf(2));
  const calls = mockApi({ 'GET /api/identity/session': sessionCheck, ...handlers });
  const view = renderApp(path);
  const form = await screen.findByRole('form');
  await within(form).findByRole('textbox', { name: 'Auditor' });
  return { ...view, calls, form };
}
const combo = (form: HTMLElement, name: string) => within(form).getByRole('combobox', { name });

describe('audit form auto-select (spec 3 §5 "Audit form")', () => {
  it('one account with one company: both are chosen for the user', async () => {
    const { form } = await openForm('/crear-auditoria', {
      'GET /api/accounts': page([account(1, 'Grupo Automotriz del Norte')]),
      'GET /api/accounts/1/companies': page([company(11, 'Autos del Norte', 1)]),
    });
    await waitFor(() => expect(combo(form, 'Cuenta').textContent).toContain('Grupo Automotriz del Norte'));
    await waitFor(() => expect(combo(form, 'Compañía').textContent).toContain('Autos del Norte'));
  });

  it('several accounts: none is chosen; an account with one company chooses it, one with two does not', async () => {
    const { form } = await openForm('/crear-auditoria', {
      'GET /api/accounts': page([account(1, 'Grupo Automotriz del Norte'), account(2, 'Grupo Bajío')]),
      'GET /api/accounts/1/companies': page([company(11, 'Autos del Norte', 1), company(12, 'Camiones del Norte', 1)]),
      'GET /api/accounts/2/companies': page([company(21, 'Autos del Bajío', 2)]),
    });
    expect(combo(form, 'Compañía').getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseDown(combo(form, 'Cuenta'));
    fireEvent.click(await screen.findByRole('option', { name: 'Grupo Automotriz del Norte' }));
    await waitFor(() => expect(combo(form, 'Compañía').getAttribute('aria-disabled')).toBeNull());
    expect(combo(form, 'Compañía').textContent).not.toContain('Autos del Norte');
    fireEvent.mouseDown(combo(form, 'Cuenta'));
    fireEvent.click(await screen.findByRole('option', { name: 'Grupo Bajío' }));
    await waitFor(() => expect(combo(form, 'Compañía').textContent).toContain('Autos del Bajío'));
  });
});

/** The labels of the form that carry the asterisk of a required field (MUI's, hidden from screen readers). */
const markedRequired = (form: HTMLElement) =>
  [...form.querySelectorAll('label')]
    .filter((label) => label.querySelector('.MuiFormLabel-asterisk'))
    .map((label) => (label.textContent ?? '').replace(/[\s\u2009]*\*$/, '').trim());

describe('audit form validation and save (spec 3 §5, §8)', () => {
  it('create: no suspend choice is made for the user, and the required fields carry their asterisk', async () => {
    const { form } = await openForm('/crear-auditoria', {
      'GET /api/accounts': page([account(1, 'Grupo Automotriz del Norte'), account(2, 'Grupo Bajío')]),
    });
    const suspend = within(form).getByRole('radiogroup', {
      name: '¿Suspender el panel de disposiciones durante la auditoria?',
    });
    for (const choice of within(suspend).getAllByRole('radio'))
      expect((choice as HTMLInputElement).checked).toBe(false);
    expect(markedRequired(form)).toEqual(
      expect.arrayContaining([
        'Auditor',
        'Descripción',
        'Cuenta',
        'Compañía',
        'Fecha inicio',
        'Fecha fin',
        '¿Suspender el panel de disposiciones durante la auditoria?',
      ]),
    );
  });

  it('an empty form says what is missing and sends nothing', async () => {
    const { form, calls } = await openForm('/crear-auditoria', {
      'GET /api/accounts': page([account(1, 'Grupo Automotriz del Norte'), account(2, 'Grupo Bajío')]),
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(form).getAllByText(MESSAGES.required).length).toBeGreaterThanOrEqual(5));
    expect(within(form).getByText(AUDIT_MESSAGES.suspendRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edit: loads the audit, sends the version read, shows the spec’s message and goes back to /auditorias', async () => {
    const { form, calls, router } = await openForm('/editar-auditoria/5', {
      'GET /api/accounts': page([account(1, 'Grupo Automotriz del Norte')]),
      'GET /api/accounts/1/companies': page([company(11, 'Autos del Norte', 1)]),
      'GET /api/audits/5': { body: { data: audit } },
      'PUT /api/audits/5': (body) => ({
        body: { data: { ...audit, ...(body as object), version: 4 }, message: AUDIT_MESSAGES.updated },
      }),
    });
    await waitFor(() =>
      expect((within(form).getByRole('textbox', { name: 'Auditor' }) as HTMLInputElement).value).toBe('Laura Méndez'),
    );
    fireEvent.change(within(form).getByRole('textbox', { name: 'Auditor' }), {
      target: { value: 'Laura Méndez Ruiz' },
    });
    fireEvent.click(within(form).getByRole('radio', { name: 'Si' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    const result = await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    expect(within(result).getByText('La información de la auditoria se ha actualizado')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      auditor: 'Laura Méndez Ruiz',
      description: 'Inventario físico',
      accountId: 1,
      companyId: 11,
      isSuspended: true,
      initialDate: '2026-12-10',
      endDate: '2026-12-12',
      version: 3,
    });
    fireEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auditorias'));
  });

  it('the server’s refusal is shown and the form stays', async () => {
    const { form, router } = await openForm('/editar-auditoria/5', {
      'GET /api/accounts': page([account(1, 'Grupo Automotriz del Norte')]),
      'GET /api/accounts/1/companies': page([company(11, 'Autos del Norte', 1)]),
      'GET /api/audits/5': { body: { data: audit } },
      'PUT /api/audits/5': apiError(422, 'COMPANY_NOT_OF_ACCOUNT', AUDIT_MESSAGES.companyNotOfAccount),
    });
    await waitFor(() =>
      expect((within(form).getByRole('textbox', { name: 'Auditor' }) as HTMLInputElement).value).toBe('Laura Méndez'),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(AUDIT_MESSAGES.companyNotOfAccount)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/editar-auditoria/5');
  });
});

describe('audit form create (issue 27 §8)', () => {
  it('sends the create with an Idempotency-Key', async () => {
    const { form, calls } = await openForm('/crear-auditoria', {
      'GET /api/accounts': page([account(1, 'Grupo Automotriz del Norte')]),
      'GET /api/accounts/1/companies': page([company(11, 'Autos del Norte', 1)]),
      'POST /api/audits': { status: 201, body: { data: audit, message: 'La auditoria se ha guardado' } },
    });
    await waitFor(() => expect(combo(form, 'Compañía').textContent).toContain('Autos del Norte'));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Auditor' }), { target: { value: 'Laura Méndez' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), {
      target: { value: 'Inventario físico' },
    });
    // The date fields' hidden inputs take a whole dd/MM/yyyy value, as a paste does.
    fireEvent.change(form.querySelector('input[name="initialDate"]')!, { target: { value: '10/12/2026' } });
    fireEvent.change(form.querySelector('input[name="endDate"]')!, { target: { value: '12/12/2026' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'No' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Aceptar' }));
    await screen.findByRole('dialog', { name: MESSAGES.actionSucceeded });
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/audits');
    expect(sent?.body).toMatchObject({ initialDate: '2026-12-10', endDate: '2026-12-12', companyId: 11 });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
