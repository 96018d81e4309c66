import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ORGANISATION_MESSAGES } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectVisible, signedIn, useBrowser } from '../support/journey';
import { gridRow } from '../support/screens';

const journey = useBrowser();

async function confirmThenAccept(page: Page, title: string, prompt: string, result: string) {
  const ask = page.getByRole('dialog', { name: title, exact: true });
  await expectVisible(ask.getByText(prompt, { exact: true }));
  await ask.getByRole('button', { name: 'Aceptar' }).click();
  const done = page.getByRole('dialog', { name: ORGANISATION_MESSAGES.assignSucceededTitle, exact: true });
  await expectVisible(done.getByText(result, { exact: true }));
  await done.getByRole('button', { name: 'Aceptar' }).click();
  await done.waitFor({ state: 'hidden' });
}

test('the operator lists its companies and assigns and removes a user of one of them', () =>
  journey('companies', async (page) => {
    await signedIn(page, DEMO_USERS[3].email);
    await page.goto('/companias');
    for (const name of ['Autos del Norte', 'Camiones del Norte', 'Autos del Bajío']) {
      await expectVisible(gridRow(page, 'Compañías', name));
    }
    await page.mouse.move(1000, 790);
    await screenshot(page, 'companies');

    await gridRow(page, 'Compañías', 'Camiones del Norte')
      .getByRole('button', { name: 'Usuarios asignados de Camiones del Norte' })
      .click();
    const modal = page.getByRole('dialog', { name: 'Usuarios asignados · Camiones del Norte' });
    // The legal representative's default assignment has no remove button.
    await expectVisible(modal.getByRole('cell', { name: 'representante@autosdelnorte.mx' }));
    assert.equal(await modal.getByRole('button', { name: 'Remover representante@autosdelnorte.mx' }).count(), 0);

    await modal.getByRole('button', { name: '+ Asignar Nuevo' }).click();
    await modal.getByRole('combobox', { name: 'Usuario' }).click();
    const option = page.getByRole('option').first();
    const label = (await option.innerText()).trim();
    const email = /\(([^)]+)\)$/.exec(label)![1]!;
    await option.click();
    await modal.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option').first().click();
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await confirmThenAccept(
      page,
      ORGANISATION_MESSAGES.confirmAssignUserTitle,
      ORGANISATION_MESSAGES.confirmAssignUser,
      ORGANISATION_MESSAGES.userAssigned,
    );
    await expectVisible(modal.getByRole('cell', { name: email }));
    await settle(page);
    await screenshot(page, 'companies-assign-users');

    await modal.getByRole('button', { name: `Remover ${email}` }).click();
    await confirmThenAccept(
      page,
      ORGANISATION_MESSAGES.confirmRemoveUserTitle,
      ORGANISATION_MESSAGES.confirmRemoveUser,
      ORGANISATION_MESSAGES.userRemoved,
    );
    await modal.getByRole('cell', { name: email }).waitFor({ state: 'detached' });
  }));
