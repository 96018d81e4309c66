import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { MESSAGES, ORGANISATION_MESSAGES } from '@planpiso/domain';
import { settle } from '../support/a11y';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { readLatestMail, temporaryPassword } from '../support/mail';
import { acceptSuccess, confirm, gridRow } from '../support/screens';

const journey = useBrowser();
const ACCOUNT = 'Grupo Automotriz del Norte';

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

async function openEdit(page: Page) {
  await page.goto('/cuentas');
  await gridRow(page, 'Cuentas', ACCOUNT)
    .getByRole('button', { name: `Editar ${ACCOUNT}` })
    .click();
  const screen = page.getByRole('region', { name: 'Editar cuenta' });
  await expectVisible(screen.getByRole('cell', { name: 'Autos del Norte', exact: true }));
  return screen;
}

async function saveEdit(page: Page, screen: Locator) {
  await screen.getByRole('button', { name: 'Guardar', exact: true }).last().click();
  await confirm(page, MESSAGES.confirmEdit);
}

test('the operator adds a company to an account, changes its legal representative and removes it', () =>
  journey('account-edit', async (page) => {
    const startedAt = new Date();
    await signedIn(page, DEMO_USERS[3].email);
    let screen = await openEdit(page);
    await expectVisible(screen.getByLabel('Nombre de la cuenta'));
    const editor = screen.getByRole('region', { name: 'Empresa y representante legal' });
    await pick(page, editor, 'Empresa', 'Autos Peninsulares · 10006');
    await pick(page, editor, 'Representante legal', 'Manuel Pech Canul');
    await editor.getByRole('button', { name: 'Agregar' }).click();
    await expectVisible(screen.getByRole('cell', { name: 'manuel.pech@autospeninsulares.mx' }));
    await settle(page);
    await screenshot(page, 'account-edit');
    await saveEdit(page, screen);
    await acceptSuccess(page, ORGANISATION_MESSAGES.accountUpdated);
    await expectPath(page, '/cuentas');
    temporaryPassword(await readLatestMail('manuel.pech@autospeninsulares.mx', { after: startedAt }));

    // Another representative for the new company: edit its row, pick, save the row, then the account.
    screen = await openEdit(page);
    await screen.getByRole('button', { name: 'Editar Autos Peninsulares' }).click();
    const rowEditor = screen.getByRole('region', { name: 'Empresa y representante legal' });
    await pick(page, rowEditor, 'Representante legal', 'Verónica Escalante Cámara');
    await rowEditor.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(screen.getByRole('cell', { name: 'veronica.escalante@autospeninsulares.mx' }));
    await saveEdit(page, screen);
    await acceptSuccess(page, ORGANISATION_MESSAGES.accountUpdated);

    // A company with branches cannot go; the new one can.
    screen = await openEdit(page);
    await screen.getByRole('button', { name: 'Eliminar Autos del Norte' }).click();
    await saveEdit(page, screen);
    const refused = page.getByRole('dialog', { name: MESSAGES.errorTitle, exact: true });
    await expectVisible(refused.getByText(ORGANISATION_MESSAGES.companyInUse, { exact: true }));
    await refused.getByRole('button', { name: 'Aceptar' }).click();
    screen = await openEdit(page);
    await screen.getByRole('button', { name: 'Eliminar Autos Peninsulares' }).click();
    await saveEdit(page, screen);
    await acceptSuccess(page, ORGANISATION_MESSAGES.accountUpdated);
  }));
