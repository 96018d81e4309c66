// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, STORAGE_KEYS, TEMPORARY_PASSWORD_EXPIRED, badFormat, roleLabel } from '@planpiso/domain';
import '../../test/dom';
import { apiError, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { accessTokenFor, sessionTokenFor, sessionUserOf } from '../../test/session-fixtures';

const admin = sessionUserOf(2);
const tokens = () => ({ body: { data: { accessToken: accessTokenFor(admin), expiresIn: 3600, tokenType: 'Bearer' } } });
const login = () => ({ body: { data: { user: admin, token: sessionTokenFor(admin) } } });
const notAuthorized = apiError(401, 'NotAuthorizedException', 'No autorizado');

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Iniciar sesión' });
  return view;
}

async function signInWith(email: string, password: string) {
  type('Correo electrónico', email);
  type('Contraseña', password);
  press('Iniciar Sesión');
}

describe('sign-in, mode 1', () => {
  it('asks for both fields and checks their format before calling the server', async () => {
    const calls = mockApi({});
    await openLogin();
    press('Iniciar Sesión');
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);

    await signInWith('no-es-correo', 'corta');
    expect(await screen.findByText(badFormat('correo'))).toBeTruthy();
    expect(screen.getByText(badFormat('contraseña'))).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the spec message for wrong credentials and stays on the sign-in screen', async () => {
    mockApi({ 'POST /api/identity/sign-in': notAuthorized });
    await openLogin();
    await signInWith('operador@planpiso.mx', 'Mala#2026a');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.wrongCredentials);
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
  });

  it('tells the user when the temporary password expired', async () => {
    mockApi({
      'POST /api/identity/sign-in': apiError(
        401,
        'NotAuthorizedException',
        MESSAGES.temporaryPasswordExpired,
        TEMPORARY_PASSWORD_EXPIRED,
      ),
    });
    await openLogin();
    await signInWith('nuevo@planpiso.mx', 'Temp#2026a');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.temporaryPasswordExpired);
  });

  it('signs in, keeps the session and lands on the welcome page', async () => {
    const calls = mockApi({ 'POST /api/identity/sign-in': tokens, 'POST /api/auth/login': login });
    const { router } = await openLogin();
    await signInWith('ADMINISTRADOR@planpiso.mx', 'Demo#2026a');

    expect(await screen.findByText(MESSAGES.welcome)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getAllByText(roleLabel(2)).length).toBeGreaterThan(0);
    expect(calls[0]).toMatchObject({ path: '/api/identity/sign-in', body: { email: 'administrador@planpiso.mx' } });
    expect(calls[1]?.authorization).toBe(`Bearer ${localStorage.getItem(STORAGE_KEYS.accessToken)}`);
    expect(localStorage.getItem(STORAGE_KEYS.sessionToken)).toBe(sessionTokenFor(admin));
    expect(localStorage.getItem(STORAGE_KEYS.sessionCounter)).toBe('0');
    await waitFor(() => expect(document.title).toBe('Home | PlanPiso'));
  });
});

describe('sign-in, mode 2 (new password required)', () => {
  const challenge = { body: { data: { challenge: 'NEW_PASSWORD_REQUIRED', session: 'reto-1' } } };

  it('asks for a new password and checks format and confirmation', async () => {
    const calls = mockApi({ 'POST /api/identity/sign-in': challenge });
    await openLogin();
    await signInWith('nuevo@planpiso.mx', 'Temp#2026a');
    expect(await screen.findByText(MESSAGES.newPasswordRequired)).toBeTruthy();

    type('Nueva contraseña', 'sinformato');
    type('Confirmar contraseña', 'otra');
    press('Actualizar');
    expect(await screen.findByText(MESSAGES.newPasswordInvalid)).toBeTruthy();

    type('Nueva contraseña', 'Nueva#2026b');
    press('Actualizar');
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/identity/complete-new-password')).toHaveLength(0);
  });

  it("shows the server's InvalidPasswordException with the spec text", async () => {
    mockApi({
      'POST /api/identity/sign-in': challenge,
      'POST /api/identity/complete-new-password': apiError(400, 'InvalidPasswordException', 'x'),
    });
    await openLogin();
    await signInWith('nuevo@planpiso.mx', 'Temp#2026a');
    await screen.findByText(MESSAGES.newPasswordRequired);
    type('Nueva contraseña', 'Nueva#2026b');
    type('Confirmar contraseña', 'Nueva#2026b');
    press('Actualizar');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.newPasswordInvalid);
  });

  it('completes the challenge and goes to /', async () => {
    const calls = mockApi({
      'POST /api/identity/sign-in': challenge,
      'POST /api/identity/complete-new-password': tokens,
      'POST /api/auth/login': login,
    });
    const { router } = await openLogin();
    await signInWith('nuevo@planpiso.mx', 'Temp#2026a');
    await screen.findByText(MESSAGES.newPasswordRequired);
    type('Nueva contraseña', 'Nueva#2026b');
    type('Confirmar contraseña', 'Nueva#2026b');
    press('Actualizar');

    expect(await screen.findByText(MESSAGES.welcome)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.find((c) => c.path === '/api/identity/complete-new-password')?.body).toEqual({
      session: 'reto-1',
      newPassword: 'Nueva#2026b',
    });
  });
});

describe('password recovery, modes 3 and 4', () => {
  it('sends a code (errors ignored), takes code and new password, and returns to mode 1 with the message', async () => {
    const calls = mockApi({
      'POST /api/identity/forgot-password': apiError(500, 'InternalError', 'falla'),
      'POST /api/identity/confirm-forgot-password': { body: { data: { ok: true } } },
    });
    await openLogin();
    type('Correo electrónico', 'operador@planpiso.mx');
    press('Recuperar contraseña');

    expect(await screen.findByRole('heading', { name: 'Recuperar contraseña' })).toBeTruthy();
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('operador@planpiso.mx');
    press('Enviar');

    expect(await screen.findByLabelText('Código de verificación')).toBeTruthy();
    expect(screen.getByText(MESSAGES.recoveryCodeSent)).toBeTruthy();
    press('Actualizar');
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(3);

    // The same confirmation rule and message as the first sign-in (mode 2).
    type('Código de verificación', '123456');
    type('Nueva contraseña', 'Nueva#2026d');
    type('Confirmar contraseña', 'Nueva#2026x');
    press('Actualizar');
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/identity/confirm-forgot-password')).toHaveLength(0);

    type('Confirmar contraseña', 'Nueva#2026d');
    press('Actualizar');

    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/identity/confirm-forgot-password')?.body).toEqual({
      email: 'operador@planpiso.mx',
      code: '123456',
      newPassword: 'Nueva#2026d',
    });
  });

  it("shows the server's message for a wrong code and can send another code", async () => {
    const calls = mockApi({
      'POST /api/identity/forgot-password': { body: { data: { delivery: 'EMAIL' } } },
      'POST /api/identity/confirm-forgot-password': apiError(400, 'CodeMismatchException', MESSAGES.codeMismatch),
    });
    await openLogin();
    press('Recuperar contraseña');
    type('Correo electrónico', 'operador@planpiso.mx');
    press('Enviar');
    await screen.findByLabelText('Código de verificación');
    type('Código de verificación', '000000');
    type('Nueva contraseña', 'Nueva#2026d');
    type('Confirmar contraseña', 'Nueva#2026d');
    press('Actualizar');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.codeMismatch);

    press('Enviar otro código');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/identity/forgot-password')).toHaveLength(2));
  });
});
