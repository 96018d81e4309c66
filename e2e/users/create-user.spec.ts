import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MENUS, MESSAGES, roleLabel, userSaved } from '@planpiso/domain';
import { DEMO_USERS } from '../support/demo';
import { eventually, expectPath, expectVisible, signedIn, signIn, signInAs, useBrowser } from '../support/journey';
import { readLatestMail, temporaryPassword } from '../support/mail';
import { acceptSuccess, confirm, gridRow, search, sideMenuLabels } from '../support/screens';

const journey = useBrowser();

test('type 1 creates a type 2 user, who signs in with the mailed temporary password and sees the type 2 menu', () =>
  journey('create-type-2-user', async (page) => {
    const tag = randomUUID().slice(0, 8);
    const user = { firstname: 'Laura', lastname: `Administradora ${tag}`, email: `admin-${tag}@planpiso.mx` };
    const fullName = `${user.firstname} ${user.lastname}`;

    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/usuarios');
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectPath(page, '/crear-usuario');

    // Type 1's form: the base fields and a role; the roles offered are those of the type it creates (2).
    const form = page.getByRole('form', { name: 'Crear usuario' });
    await form.getByLabel('Nombre', { exact: true }).fill(user.firstname);
    await form.getByLabel('Apellidos', { exact: true }).fill(user.lastname);
    await form.getByLabel('Correo', { exact: true }).fill(user.email);
    await form.getByLabel('Teléfono', { exact: true }).fill('8112345678');
    await form.getByLabel('Correos adicionales', { exact: true }).fill(`asistente-${tag}@planpiso.mx`);
    assert.equal(await form.getByLabel('Cuenta', { exact: true }).count(), 0, 'type 1 picks no account');
    await form.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: roleLabel(2), exact: true }).click();

    const savedAfter = new Date();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, MESSAGES.confirmCreateUser);
    await acceptSuccess(page, userSaved(fullName));

    // Accepting the result goes to the list, where the new user is found by its e-mail.
    await expectPath(page, '/usuarios');
    await search(page, { Correo: user.email });
    const row = gridRow(page, 'Usuarios', user.email);
    await expectVisible(row);
    await expectVisible(row.getByText(fullName, { exact: true }));
    await expectVisible(row.getByText(roleLabel(2), { exact: true }));
    await expectVisible(row.getByText(/^\d{2}\/\d{2}\/\d{4}$/));

    // The mail catcher holds the temporary password, sent to the new address.
    const mail = await readLatestMail(user.email, { after: savedAfter });
    assert.equal(mail.subject, MESSAGES.mailTemporaryPasswordSubject);
    assert.match(mail.text, new RegExp(`Usuario: ${user.email.replace(/\./g, '\\.')}`));
    const password = temporaryPassword(mail);

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');

    // The new user: the temporary password leads to the new-password mode (mode 2), then to the welcome page.
    await signIn(page, user.email, password);
    await expectVisible(page.getByText(MESSAGES.newPasswordRequired, { exact: true }));
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Propia#2026a');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Propia#2026a');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expectPath(page, '/');
    await expectVisible(page.getByText(MESSAGES.welcome, { exact: true }));
    await expectVisible(page.getByText(roleLabel(2), { exact: true }));
    await eventually(
      () => sideMenuLabels(page),
      MENUS[2].map((item) => item.label),
    );

    // The temporary password is spent: the new one is the password now.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    await signInAs(page, user.email, 'Propia#2026a');
  }));
