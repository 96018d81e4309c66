import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, roleCreated, roleLabel, userSaved } from '@planpiso/domain';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, signIn, useBrowser } from '../support/journey';
import { readLatestMail, temporaryPassword } from '../support/mail';
import { acceptSuccess, confirm, gridRow, search } from '../support/screens';

const journey = useBrowser();

test('type 2 creates a role, then a type 3 user holding it', () =>
  journey('create-role-and-operator', async (page) => {
    const tag = randomUUID().slice(0, 8);
    const roleName = `Analista de Crédito ${tag}`;
    const operator = { firstname: 'Mario', lastname: `Operador ${tag}`, email: `operador-${tag}@planpiso.mx` };

    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/roles');
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectPath(page, '/crear-rol');

    // Type 2 creates roles of types 3 to 5; a type 3 role is one it can hand to the users it creates.
    const roleForm = page.getByRole('form', { name: 'Crear rol' });
    await roleForm.getByLabel('Nombre', { exact: true }).fill(roleName);
    await roleForm.getByLabel('Descripción', { exact: true }).fill('Revisa las solicitudes de disposición');
    await roleForm.getByRole('combobox', { name: 'Tipo' }).click();
    const offered = (await page.getByRole('option').allInnerTexts()).map((label) => label.trim());
    assert.deepEqual(offered, [roleLabel(3), roleLabel(4), roleLabel(5)]);
    await page.getByRole('option', { name: roleLabel(3), exact: true }).click();
    await roleForm.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, MESSAGES.confirmCreateRole);
    await acceptSuccess(page, roleCreated(roleName));

    await expectPath(page, '/roles');
    await search(page, { Nombre: roleName });
    const roleRow = gridRow(page, 'Roles', roleName);
    await expectVisible(roleRow);
    await expectVisible(roleRow.getByText('Revisa las solicitudes de disposición', { exact: true }));

    // Now a type 3 user with that role.
    await page.goto('/usuarios');
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectPath(page, '/crear-usuario');
    const userForm = page.getByRole('form', { name: 'Crear usuario' });
    await userForm.getByLabel('Nombre', { exact: true }).fill(operator.firstname);
    await userForm.getByLabel('Apellidos', { exact: true }).fill(operator.lastname);
    await userForm.getByLabel('Correo', { exact: true }).fill(operator.email);
    await userForm.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: roleName, exact: true }).click();
    const savedAfter = new Date();
    await userForm.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, MESSAGES.confirmCreateUser);
    await acceptSuccess(page, userSaved(`${operator.firstname} ${operator.lastname}`));

    await expectPath(page, '/usuarios');
    await search(page, { Correo: operator.email });
    const userRow = gridRow(page, 'Usuarios', operator.email);
    await expectVisible(userRow);
    await expectVisible(userRow.getByText(roleName, { exact: true }));

    // The operator got its temporary password too, and it opens the new-password mode as a type 3 user.
    const password = temporaryPassword(await readLatestMail(operator.email, { after: savedAfter }));
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    await signIn(page, operator.email, password);
    await expectVisible(page.getByText(MESSAGES.newPasswordRequired, { exact: true }));
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Propia#2026b');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Propia#2026b');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expectPath(page, '/');
    await expectVisible(page.getByText(roleLabel(3), { exact: true }));
  }));
