import { test } from 'node:test';
import { MESSAGES } from '@planpiso/domain';
import { expectPath, expectVisible, signIn, signInAs, useBrowser } from '../support/journey';
import { createUser } from '../support/users';

const journey = useBrowser();

test('a temporary password must be replaced (mode 2) before landing on the welcome page', () =>
  journey('new-password', async (page) => {
    const user = await createUser({ type: 2, temporaryPassword: 'Temp#2026a' });

    await signIn(page, user.email, 'Temp#2026a');
    await expectVisible(page.getByText(MESSAGES.newPasswordRequired, { exact: true }));
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva#2026b');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Nueva#2026b');
    await page.getByRole('button', { name: 'Actualizar' }).click();

    await expectPath(page, '/');
    await expectVisible(page.getByText(MESSAGES.welcome, { exact: true }));
    await expectVisible(page.getByText(`${user.firstname} ${user.lastname}`).first());
  }));

test('after the change the new password signs in and the temporary one no longer does', () =>
  journey('new-password-then-sign-in', async (page) => {
    const user = await createUser({ type: 3, temporaryPassword: 'Temp#2026a' });
    await signIn(page, user.email, 'Temp#2026a');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva#2026c');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Nueva#2026c');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expectPath(page, '/');

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    await signIn(page, user.email, 'Temp#2026a');
    await expectVisible(page.getByText(MESSAGES.wrongCredentials, { exact: true }));
    await signInAs(page, user.email, 'Nueva#2026c');
  }));

test('an expired temporary password shows the spec message', () =>
  journey('expired-temporary-password', async (page) => {
    const user = await createUser({ type: 2, temporaryPassword: 'Temp#2026a', temporaryExpired: true });
    await signIn(page, user.email, 'Temp#2026a');
    await expectVisible(page.getByText(MESSAGES.temporaryPasswordExpired, { exact: true }));
    await expectPath(page, '/login');
  }));
