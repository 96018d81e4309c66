import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { createRole } from '../support/roles';
import { gridRow, search, switchOffConfirmed } from '../support/screens';

const journey = useBrowser();

test('the roles status toggle asks first, shows its message, flips and stays flipped; the role is no longer offered', () =>
  journey('role-status', async (page) => {
    // A type 2 role: the ones type 1 hands out in its user form.
    const role = await createRole({ type: 2 });
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/roles');
    await expectVisible(page.getByRole('grid', { name: 'Roles' }).getByRole('row').nth(1));
    await page.mouse.move(1000, 780);
    await screenshot(page, 'roles-list');

    await search(page, { Nombre: role.name });
    const row = gridRow(page, 'Roles', role.name);
    await expectVisible(row.getByText(role.description, { exact: true }));
    const toggle = row.getByLabel(`Estatus de ${role.name}`, { exact: true });
    assert.equal(await toggle.isChecked(), true, 'a new role is active');

    // Offered in the user form while active.
    const offered = async () => {
      await page.goto('/crear-usuario');
      await page.getByRole('form', { name: 'Crear usuario' }).getByRole('combobox', { name: 'Rol' }).click();
      await expectVisible(page.getByRole('option').first());
      const names = (await page.getByRole('option').allInnerTexts()).map((label) => label.trim());
      await page.keyboard.press('Escape');
      return names.includes(role.name);
    };
    assert.equal(await offered(), true, 'an active role is offered in the user form');

    await page.goto('/roles');
    await search(page, { Nombre: role.name });
    await expectVisible(toggle);
    await switchOffConfirmed(page, toggle, MESSAGES.confirmRoleStatus, MESSAGES.roleStatusChanged);

    assert.equal(await offered(), false, 'an inactive role is not offered in the user form');
  }));
