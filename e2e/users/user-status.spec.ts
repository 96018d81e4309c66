import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, signIn, useBrowser } from '../support/journey';
import { gridRow, search, switchOffConfirmed } from '../support/screens';
import { createUser } from '../support/users';

const journey = useBrowser();

test('the users status toggle asks first, shows its message, flips and stays flipped; no toggle on one’s own row', () =>
  journey('user-status', async (page) => {
    const user = await createUser({ type: 2, password: 'Activo#2026a' });
    const name = `${user.firstname} ${user.lastname}`;
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/usuarios');
    await search(page, { Correo: user.email });
    const row = gridRow(page, 'Usuarios', user.email);
    const toggle = row.getByLabel(`Estatus de ${name}`, { exact: true });
    await expectVisible(toggle);
    assert.equal(await toggle.isChecked(), true, 'a new user is active');

    // Cancelling the prompt changes nothing; after a reload (the search is in the URL) the switch is still off.
    await switchOffConfirmed(page, toggle, MESSAGES.confirmUserStatus, MESSAGES.userStatusChanged);

    // One's own row shows no toggle.
    await search(page, { Correo: DEMO_USERS[1].email });
    const own = gridRow(page, 'Usuarios', DEMO_USERS[1].email);
    await expectVisible(own);
    assert.equal(await own.getByRole('switch').count(), 0, 'no toggle on the own row');
    assert.equal(await own.getByRole('checkbox').count(), 0, 'no toggle on the own row');
    assert.equal(await own.getByRole('button', { name: /^Reenviar contraseña temporal/ }).count(), 0);
    assert.equal(await own.getByRole('button', { name: /^Editar/ }).count(), 0);

    // The inactive user can no longer sign in.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    await signIn(page, user.email, 'Activo#2026a');
    await expectVisible(page.getByText(MESSAGES.wrongCredentials, { exact: true }));
  }));

test('type 1 opens the users filters: account, company, agency, role and the created range', () =>
  journey('user-filters', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/usuarios');
    await expectVisible(page.getByRole('grid', { name: 'Usuarios' }).getByRole('row').nth(1));
    const bar = page.getByRole('search');
    await bar.getByRole('button', { name: 'Filtros' }).click();
    for (const label of ['Cuenta', 'Compañía', 'Agencia', 'Rol']) {
      await expectVisible(bar.getByRole('combobox', { name: label }));
    }
    await expectVisible(bar.getByLabel('Inicia'));
    await expectVisible(bar.getByLabel('Finaliza'));
    await page.mouse.move(1000, 780);
    await settle(page);
    await screenshot(page, 'users-list-filters');
  }));

test('type 2 sees no account, company or agency filter', () =>
  journey('user-filters-type-2', async (page) => {
    await signedIn(page, DEMO_USERS[2].email);
    await page.goto('/usuarios');
    const bar = page.getByRole('search');
    await bar.getByRole('button', { name: 'Filtros' }).click();
    await expectVisible(bar.getByRole('combobox', { name: 'Rol' }));
    for (const label of ['Cuenta', 'Compañía', 'Agencia']) {
      assert.equal(await bar.getByRole('combobox', { name: label }).count(), 0, `no ${label} filter for type 2`);
    }
  }));
