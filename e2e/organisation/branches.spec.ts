import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MESSAGES, ORGANISATION_MESSAGES, branchSaved } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { acceptSuccess, confirm, gridRow, search } from '../support/screens';

const journey = useBrowser();
const GRID = 'Sucursales';

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A titled confirmation (Asignar usuario, Remover usuario): its question, then Aceptar. */
async function confirmTitled(page: Page, title: string, message: string) {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await expectVisible(dialog.getByText(message, { exact: true }));
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
}

test('the operator creates a branch and assigns a dealer to it, then removes the assignment', () =>
  journey('branches', async (page) => {
    const name = `Sucursal E2E ${Date.now().toString(36)}`;
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/sucursales');
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectPath(page, '/crear-sucursal');

    const form = page.getByRole('form', { name: 'Crear sucursal' });
    await expectVisible(form.getByText('Datos de la sucursal', { exact: true }));
    await form.getByLabel('Nombre', { exact: true }).fill(name);
    await pick(page, form, 'Cuenta', 'Grupo Automotriz del Norte');
    await pick(page, form, 'Compañía', 'Autos del Norte');
    await form.getByLabel('Dirección', { exact: true }).fill('Av. Garza Sada 2501, Monterrey, N.L.');
    // Let the company menu finish closing before the picture.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'branch-form');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await confirm(page, ORGANISATION_MESSAGES.confirmCreateBranch);
    await acceptSuccess(page, branchSaved(name));
    await expectPath(page, '/sucursales');

    await search(page, { Nombre: name });
    const row = gridRow(page, GRID, name);
    await expectVisible(row.getByText('Autos del Norte', { exact: true }));

    await row.getByRole('button', { name: `Usuarios asignados de ${name}` }).click();
    const modal = page.getByRole('dialog', { name: `Usuarios asignados · ${name}` });
    await expectVisible(modal.getByText(MESSAGES.emptyGrid));
    await modal.getByRole('button', { name: '+ Asignar Nuevo' }).click();
    await modal.getByRole('combobox', { name: 'Usuario' }).click();
    await page.getByRole('option', { name: 'Alicia Agencia (agencia@autosdelnorte.mx)' }).click();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await confirmTitled(page, ORGANISATION_MESSAGES.confirmAssignUserTitle, ORGANISATION_MESSAGES.confirmAssignUser);
    const done = page.getByRole('dialog', { name: ORGANISATION_MESSAGES.assignSucceededTitle, exact: true });
    await expectVisible(done.getByText(ORGANISATION_MESSAGES.userAssigned, { exact: true }));
    await done.getByRole('button', { name: 'Aceptar' }).click();
    await done.waitFor({ state: 'hidden' });
    await expectVisible(modal.getByRole('cell', { name: 'agencia@autosdelnorte.mx' }));
    await settle(page);
    await screenshot(page, 'branch-users-modal');

    await modal.getByRole('button', { name: 'Remover agencia@autosdelnorte.mx' }).click();
    await confirmTitled(page, ORGANISATION_MESSAGES.confirmRemoveUserTitle, ORGANISATION_MESSAGES.confirmRemoveUser);
    const removed = page.getByRole('dialog', { name: ORGANISATION_MESSAGES.assignSucceededTitle, exact: true });
    await expectVisible(removed.getByText(ORGANISATION_MESSAGES.userRemoved, { exact: true }));
    await removed.getByRole('button', { name: 'Aceptar' }).click();
    await expectVisible(modal.getByText(MESSAGES.emptyGrid));
  }));

test('a legal representative sees its branches without edit or status', () =>
  journey('branches-legal', async (page) => {
    await signedIn(page, DEMO_USERS[4].email);
    await page.goto('/sucursales');
    const grid = page.getByRole('grid', { name: GRID });
    await expectVisible(grid.getByText('Sucursal Monterrey Centro', { exact: true }));
    assert.equal(await grid.getByRole('columnheader', { name: 'Estatus' }).count(), 0, 'no status column');
    assert.equal(await grid.getByRole('button', { name: /^Editar / }).count(), 0, 'no edit action');
    assert.equal(
      await page.getByRole('search').getByRole('combobox', { name: 'Cuenta' }).count(),
      0,
      'no account filter',
    );
  }));
