import { test } from 'node:test';
import { MESSAGES } from '@planpiso/domain';
import { expectVisible, signIn, signInAs, useBrowser } from '../support/journey';
import { readLatestMail, verificationCode } from '../support/mail';
import { createUser } from '../support/users';

const journey = useBrowser();

test('forgot password: a code by e-mail (modes 3 and 4), then sign in with the new password', () =>
  journey('forgot-password', async (page) => {
    const user = await createUser({ type: 3, password: 'Vieja#2026a' });

    await page.goto('/login');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Recuperar contraseña' }).click();

    // Mode 3: the e-mail carries over; Enviar mails the code.
    await expectVisible(page.getByRole('heading', { name: 'Recuperar contraseña' }));
    const sentAfter = new Date();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();

    // Mode 4: the code from the mail catcher plus a new password.
    await expectVisible(page.getByLabel('Código de verificación', { exact: true }));
    const code = verificationCode(await readLatestMail(user.email, { after: sentAfter }));
    await page.getByLabel('Código de verificación', { exact: true }).fill(code);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva#2026d');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Nueva#2026d');
    await page.getByRole('button', { name: 'Actualizar' }).click();

    // Back in mode 1 with the spec's message; the new password works, the old one does not.
    await expectVisible(page.getByText(MESSAGES.passwordChanged, { exact: true }));
    await expectVisible(page.getByRole('button', { name: 'Iniciar Sesión' }));
    await signIn(page, user.email, 'Vieja#2026a');
    await expectVisible(page.getByText(MESSAGES.wrongCredentials, { exact: true }));
    await signInAs(page, user.email, 'Nueva#2026d');
  }));

test('a wrong verification code is refused and the password stays the same', () =>
  journey('forgot-password-wrong-code', async (page) => {
    const user = await createUser({ type: 2, password: 'Vieja#2026a' });
    await page.goto('/login');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Recuperar contraseña' }).click();
    const sentAfter = new Date();
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const code = verificationCode(await readLatestMail(user.email, { after: sentAfter }));
    const wrong = code === '000000' ? '111111' : '000000';

    await page.getByLabel('Código de verificación', { exact: true }).fill(wrong);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva#2026e');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Nueva#2026e');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expectVisible(page.getByText(MESSAGES.codeMismatch, { exact: true }));

    await page.goto('/login');
    await signIn(page, user.email, 'Vieja#2026a');
    await expectVisible(page.getByText(MESSAGES.welcome, { exact: true }));
  }));
