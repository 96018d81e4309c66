import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { MESSAGES, additionalEmailsInvalid, roleLabel } from '@planpiso/domain';
import { screenshot } from '../support/browser';
import { DEMO_USERS } from '../support/demo';
import { eventually, expectPath, expectVisible, signedIn, useBrowser } from '../support/journey';

const journey = useBrowser();

/** The message a field shows under it (its aria-describedby), or '' when it shows none. */
const messageOf = (field: Locator) =>
  field.evaluate((input) => {
    const id = input.getAttribute('aria-describedby');
    return (id && document.getElementById(id)?.textContent?.trim()) || '';
  });

test('the user form refuses an empty form, a 7-digit phone and a bad additional e-mail, with the spec messages', () =>
  journey('user-form-validation', async (page) => {
    await signedIn(page, DEMO_USERS[1].email);
    await page.goto('/crear-usuario');
    const form = page.getByRole('form', { name: 'Crear usuario' });
    const firstname = form.getByLabel('Nombre', { exact: true });
    const lastname = form.getByLabel('Apellidos', { exact: true });
    const email = form.getByLabel('Correo', { exact: true });
    const phone = form.getByLabel('Teléfono', { exact: true });
    const additional = form.getByLabel('Correos adicionales', { exact: true });
    await expectVisible(firstname);

    // Empty: every required field says so (names, e-mail and role), and nothing is asked or saved.
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expectVisible(form.getByText(MESSAGES.required, { exact: true }));
    assert.equal(await messageOf(firstname), MESSAGES.required);
    assert.equal(await messageOf(lastname), MESSAGES.required);
    assert.equal(await messageOf(email), MESSAGES.required);
    await eventually(() => form.getByText(MESSAGES.required, { exact: true }).count(), 4);
    assert.equal(await page.getByRole('dialog').count(), 0, 'no confirmation for an invalid form');
    await page.mouse.move(1000, 780);
    await screenshot(page, 'user-form-required');

    // Filled, but a 7-digit phone and one additional e-mail that is not one.
    await firstname.fill('Rosa');
    await lastname.fill('Validación');
    await email.fill('rosa.validacion@planpiso.mx');
    await phone.fill('8112345');
    await additional.fill('a@b.mx;malo');
    await form.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: roleLabel(2), exact: true }).click();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await eventually(() => messageOf(phone), MESSAGES.phoneInvalid);
    await eventually(() => messageOf(additional), additionalEmailsInvalid('malo'));
    assert.equal(await messageOf(firstname), '');
    assert.equal(await form.getByText(MESSAGES.required, { exact: true }).count(), 0);
    assert.equal(await page.getByRole('dialog').count(), 0, 'no confirmation for an invalid form');
    await page.mouse.move(1000, 780);
    await screenshot(page, 'user-form-validation');

    // Corrected, the form goes on to its confirmation; cancelling it stays on the form.
    await phone.fill('81123456');
    await additional.fill('a@b.mx;c@d.mx');
    await form.getByRole('button', { name: 'Guardar' }).click();
    const prompt = page.getByRole('dialog', { name: MESSAGES.confirmCreateUser, exact: true });
    await expectVisible(prompt);
    await prompt.getByRole('button', { name: 'Cancelar' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await expectPath(page, '/crear-usuario');
    assert.equal(await messageOf(phone), '');
    assert.equal(await messageOf(additional), 'Separe los correos con punto y coma (;)');
  }));
