import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceDeskEmailSaved, CONFIGURATION_MESSAGES } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';
import { acceptSuccess, confirm, gridRow, search } from '../support/screens';

const journey = useBrowser();
const GRID = 'Correos mesa de servicio';

test('type 1 adds, edits and removes a service-desk e-mail, with the confirmations and messages', () =>
  journey('service-desk-emails', async (page) => {
    const tag = Date.now().toString(36);
    const email = `mesa.${tag}@planpiso.mx`;
    const edited = `soporte.${tag}@planpiso.mx`;
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/emails-mesa-servicio');
    await page.getByRole('button', { name: 'Crear Nuevo' }).click();
    await expectPath(page, '/crear-emails-mesa-servicio');

    const form = page.getByRole('form', { name: 'Crear correo' });
    await form.getByLabel('Correo electrónico', { exact: true }).fill('no-es-un-correo');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(form.getByText(CONFIGURATION_MESSAGES.serviceDeskEmailInvalid, { exact: true }));
    await screenshot(page, 'service-desk-form-error');

    await form.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await form.getByRole('button', { name: 'Guardar' }).click();
    const created = page.getByRole('dialog', {
      name: CONFIGURATION_MESSAGES.confirmCreateServiceDeskEmailTitle,
      exact: true,
    });
    await expectVisible(created.getByText(CONFIGURATION_MESSAGES.confirmCreateServiceDeskEmail, { exact: true }));
    await created.getByRole('button', { name: 'Aceptar' }).click();
    await acceptSuccess(page, serviceDeskEmailSaved(email));
    await expectPath(page, '/emails-mesa-servicio');

    await search(page, { Correo: tag });
    await expectVisible(gridRow(page, GRID, email));
    await page.mouse.move(1000, 780);
    await screenshot(page, 'service-desk-list');

    // Edit through the list's action; the form loads the address.
    await gridRow(page, GRID, email)
      .getByRole('button', { name: `Editar ${email}` })
      .click();
    await page.waitForURL(/\/editar-emails-mesa-servicio\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    const editForm = page.getByRole('form', { name: 'Editar correo' });
    const field = editForm.getByLabel('Correo electrónico', { exact: true });
    await page.waitForFunction((expected) => {
      const input = document.querySelector<HTMLInputElement>('input[name="email"]');
      return input?.value === expected;
    }, email);
    await field.fill(edited);
    await editForm.getByRole('button', { name: 'Guardar' }).click();
    const editPrompt = page.getByRole('dialog', {
      name: CONFIGURATION_MESSAGES.confirmEditServiceDeskEmailTitle,
      exact: true,
    });
    await expectVisible(editPrompt.getByText(CONFIGURATION_MESSAGES.confirmEditServiceDeskEmail, { exact: true }));
    await editPrompt.getByRole('button', { name: 'Aceptar' }).click();
    await acceptSuccess(page, serviceDeskEmailSaved(edited));

    // The second reading of the edit route (decision 002) opens the same form with the saved address.
    await page.goto(`/emails-mesa-servicio/${id}`);
    await page.waitForFunction((expected) => {
      const input = document.querySelector<HTMLInputElement>('input[name="email"]');
      return input?.value === expected;
    }, edited);
    await page.getByRole('form', { name: 'Editar correo' }).getByRole('button', { name: 'Cancelar' }).click();
    await expectPath(page, '/emails-mesa-servicio');
    await search(page, { Correo: tag });
    const row = gridRow(page, GRID, edited);
    await expectVisible(row);

    await row.getByRole('button', { name: `Eliminar ${edited}` }).click();
    await confirm(page, CONFIGURATION_MESSAGES.confirmDeleteServiceDeskEmail);
    await acceptSuccess(page, CONFIGURATION_MESSAGES.serviceDeskEmailDeleted);
    await row.waitFor({ state: 'detached' });
    assert.equal(await gridRow(page, GRID, email).count(), 0);
  }));
