import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, temporaryPasswordResent } from '@planpiso/domain';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, signIn, useBrowser } from '../support/journey';
import { readLatestMail, temporaryPassword } from '../support/mail';
import { acceptSuccess, confirm, gridRow, search } from '../support/screens';
import { createUser } from '../support/users';

const journey = useBrowser();

test('resending the temporary password mails a new one that leads to the new-password mode; the old one is void', () =>
  journey('resend-temporary-password', async (page) => {
    const user = await createUser({ type: 2, temporaryPassword: 'Vieja#2026a' });
    const name = `${user.firstname} ${user.lastname}`;
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/usuarios');
    await search(page, { Correo: user.email });
    const row = gridRow(page, 'Usuarios', user.email);
    const resend = row.getByRole('button', { name: `Reenviar contraseña temporal a ${name}`, exact: true });
    await expectVisible(resend);

    const sentAfter = new Date();
    await resend.click();
    await confirm(page, MESSAGES.confirmResendPassword);
    await acceptSuccess(page, temporaryPasswordResent(name));
    const password = temporaryPassword(await readLatestMail(user.email, { after: sentAfter }));
    assert.notEqual(password, 'Vieja#2026a');

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    await signIn(page, user.email, 'Vieja#2026a');
    await expectVisible(page.getByText(MESSAGES.wrongCredentials, { exact: true }));
    await signIn(page, user.email, password);
    await expectVisible(page.getByText(MESSAGES.newPasswordRequired, { exact: true }));
  }));
